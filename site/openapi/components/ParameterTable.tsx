import ScrollableTable from '@site/src/components/ScrollableTable';
import type { ReactNode } from 'react';
import InlineText from './InlineText';
import { anchorId, show, typeLabel } from './schema-text';
import styles from './styles.module.css';
import type { ParameterData } from './types';

/** The parameters of one location (path, query, header, cookie) as a table. */
export default function ParameterTable({
  parameters,
  location,
}: {
  parameters: ParameterData[];
  location: ParameterData['in'];
}): ReactNode {
  const rows = parameters.filter((p) => p.in === location);
  return (
    // One search record a parameter (site/plugins/search/search-index/records.ts), not one a cell.
    <ScrollableTable className={styles.parameters} data-search-rows="">
      <thead>
        <tr>
          <th>Name</th>
          <th>Type</th>
          <th>Description</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => {
          const id = anchorId(`${location}-parameter`, p.name);
          return (
            <tr key={p.name} id={id}>
              <td>
                <a href={`#${id}`} className={styles.fieldName}>
                  <code>{p.name}</code>
                </a>
                {p.required && (
                  <>
                    {' '}
                    <span className={styles.required}>required</span>
                  </>
                )}
                {p.deprecated && (
                  <>
                    {' '}
                    <span className={styles.deprecated}>deprecated</span>
                  </>
                )}
              </td>
              <td>
                <code>{typeLabel(p.schema)}</code>
              </td>
              <td>
                <InlineText text={p.description || p.schema.description || ''} />
                <Facts schemaFacts={p.schema} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </ScrollableTable>
  );
}

export function Facts({ schemaFacts: s }: { schemaFacts: ParameterData['schema'] }): ReactNode {
  const facts: ReactNode[] = [];
  if (s.enum)
    facts.push(
      <li key="enum">
        Allowed values:{' '}
        {s.enum.map((v) => (
          <code key={show(v)}>{show(v)}</code>
        ))}
      </li>,
    );
  if (s.default !== undefined)
    facts.push(
      <li key="default">
        Default: <code>{show(s.default)}</code>
      </li>,
    );
  if (s.pattern)
    facts.push(
      <li key="pattern">
        Pattern: <code>{s.pattern}</code>
      </li>,
    );
  if (s.constraints.length > 0) facts.push(<li key="constraints">{s.constraints.join(', ')}</li>);
  if (s.example !== undefined)
    facts.push(
      <li key="example">
        Example: <code>{show(s.example)}</code>
      </li>,
    );
  return facts.length > 0 ? <ul className={styles.facts}>{facts}</ul> : null;
}
