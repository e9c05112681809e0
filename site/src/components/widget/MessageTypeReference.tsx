import CodeBlock from '@theme/CodeBlock';
import '@site/plugins/performance/code-highlight/grammars/json';
import ScrollableTable from '@site/src/components/ScrollableTable';
import type { ReactNode } from 'react';
import MessagePreview from './MessagePreview';
import { type FieldSpec, messageType } from './message-types';
import styles from './styles.module.css';
import { validateMessage } from './validate';

function typeOf(field: FieldSpec): string {
  const base = field.type === 'array' && field.fields ? 'array of objects' : field.type;
  return field.enum ? `${base}: ${field.enum.join(' | ')}` : base;
}

function Rows({ fields, prefix }: { fields: readonly FieldSpec[]; prefix: string }): ReactNode {
  return fields.map((field) => <FieldRows key={`${prefix}${field.name}`} field={field} prefix={prefix} />);
}

function FieldRows({ field, prefix }: { field: FieldSpec; prefix: string }): ReactNode {
  const limits = [
    field.min !== undefined ? `min ${field.min}` : null,
    field.max !== undefined ? `max ${field.max}` : null,
  ].filter(Boolean);
  return (
    <>
      <tr id={`field-${prefix}${field.name}`.replace(/[^\w.-]/g, '-')}>
        <td>
          <code>{`${prefix}${field.name}`}</code>
        </td>
        <td>{typeOf(field)}</td>
        <td>{field.required ? 'yes' : 'no'}</td>
        <td>
          {field.description
            .split(/(`[^`]+`)/)
            .map((part) => (part.startsWith('`') ? <code key={part}>{part.slice(1, -1)}</code> : part))}
          {limits.length > 0 ? ` (${limits.join(', ')})` : ''}
        </td>
      </tr>
      {field.fields ? (
        <Rows fields={field.fields} prefix={`${prefix}${field.name}${field.type === 'array' ? '[]' : ''}.`} />
      ) : null}
    </>
  );
}

/** A message type's payload fields, example and live preview (for the reference pages). */
export default function MessageTypeReference({ type }: { type: string }): ReactNode {
  const spec = messageType(type);
  if (!spec) throw new Error(`Unknown widget message type "${type}"`);
  const check = validateMessage(spec.example);
  if (!check.ok) throw new Error(`The example of "${type}" is invalid: ${check.errors.join(' ')}`);
  return (
    <div className={styles.reference}>
      <p>{spec.summary}</p>
      <ScrollableTable>
        <thead>
          <tr>
            <th>Field</th>
            <th>Type</th>
            <th>Required</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          <Rows fields={spec.fields} prefix="" />
        </tbody>
      </ScrollableTable>
      <div className={styles.exampleGrid}>
        <CodeBlock language="json" title="Example payload">
          {JSON.stringify(spec.example, null, 2)}
        </CodeBlock>
        <MessagePreview payload={spec.example} />
      </div>
    </div>
  );
}
