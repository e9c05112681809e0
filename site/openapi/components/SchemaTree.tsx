import CodeBlock from '@theme/CodeBlock';
import '@site/plugins/performance/code-highlight/grammars/json';
import type { ReactNode } from 'react';
import InlineText from './InlineText';
import { Facts } from './ParameterTable';
import { anchorId, typeLabel } from './schema-text';
import styles from './styles.module.css';
import type { SchemaNode } from './types';

function children(schema: SchemaNode): SchemaNode | null {
  if (schema.properties || schema.oneOf || schema.anyOf) return schema;
  if (schema.items && (schema.items.properties || schema.items.oneOf || schema.items.anyOf)) return schema.items;
  return null;
}

/** One field: a row, and a nested <details> when it has fields of its own. */
function Field({
  name,
  required,
  schema,
  prefix,
  fieldPath,
}: {
  name: string;
  required: boolean;
  schema: SchemaNode;
  prefix: string;
  fieldPath: string;
}): ReactNode {
  const id = anchorId(prefix, fieldPath);
  const nested = schema.circular ? null : children(schema);
  // A <summary> is a button to assistive technology: a link inside it would be an interactive
  // control within another (WCAG 4.1.2, axe nested-interactive). Fields with nested fields keep
  // their anchor (the <li> id) without a link; leaf fields link to themselves.
  const label = <code>{name}</code>;
  const head = (
    <>
      {nested ? (
        label
      ) : (
        <a href={`#${id}`} className={styles.fieldName}>
          {label}
        </a>
      )}{' '}
      <span className={styles.type}>{typeLabel(schema)}</span>
      {required && <span className={styles.required}>required</span>}
      {schema.deprecated && <span className={styles.deprecated}>deprecated</span>}
    </>
  );
  const body = (
    <>
      {schema.description && (
        <p className={styles.fieldDescription}>
          <InlineText text={schema.description} />
        </p>
      )}
      <Facts schemaFacts={schema} />
    </>
  );
  return (
    <li id={id} className={styles.field}>
      {nested ? (
        <details>
          <summary>{head}</summary>
          {body}
          <Fields schema={nested} prefix={prefix} fieldPath={nested === schema.items ? `${fieldPath}[]` : fieldPath} />
        </details>
      ) : (
        <div>
          {head}
          {body}
        </div>
      )}
    </li>
  );
}

function Fields({ schema, prefix, fieldPath }: { schema: SchemaNode; prefix: string; fieldPath: string }): ReactNode {
  const join = (name: string) => (fieldPath ? `${fieldPath}.${name}` : name);
  const variants = schema.oneOf ?? schema.anyOf;
  return (
    <>
      {schema.properties && (
        <ul className={styles.fields}>
          {schema.properties.map((p) => (
            <Field
              key={p.name}
              name={p.name}
              required={p.required}
              schema={p.schema}
              prefix={prefix}
              fieldPath={join(p.name)}
            />
          ))}
        </ul>
      )}
      {variants && (
        <div className={styles.variants}>
          <p>
            {schema.oneOf ? 'Exactly one of' : 'Any of'} these shapes
            {schema.discriminator ? (
              <>
                , told apart by <code>{schema.discriminator}</code>
              </>
            ) : null}
            :
          </p>
          {variants.map((variant, index) => {
            const label = variant.title ?? `Option ${index + 1}`;
            return (
              <details key={label} className={styles.variant}>
                <summary>
                  {label} <span className={styles.type}>{typeLabel(variant)}</span>
                </summary>
                {variant.description && (
                  <p className={styles.fieldDescription}>
                    <InlineText text={variant.description} />
                  </p>
                )}
                <Fields schema={children(variant) ?? variant} prefix={prefix} fieldPath={join(label)} />
              </details>
            );
          })}
        </div>
      )}
    </>
  );
}

/** A request or response schema as a tree of nested <details>, with an example when there is one. */
export default function SchemaTree({
  schema,
  anchorPrefix,
  example,
}: {
  schema: SchemaNode;
  anchorPrefix: string;
  example?: unknown;
}): ReactNode {
  const root = children(schema);
  return (
    <div className={styles.schema}>
      <p className={styles.schemaType}>
        <span className={styles.type}>{typeLabel(schema)}</span>
        {schema.description && (
          <>
            {' '}
            — <InlineText text={schema.description} />
          </>
        )}
      </p>
      {root && <Fields schema={root} prefix={anchorPrefix} fieldPath={root === schema.items ? '[]' : ''} />}
      {example !== undefined && example !== null && (
        <CodeBlock language="json" title="Example">
          {JSON.stringify(example, null, 2)}
        </CodeBlock>
      )}
    </div>
  );
}
