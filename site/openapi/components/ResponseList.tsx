import type { ReactNode } from 'react';
import InlineText from './InlineText';
import SchemaTree from './SchemaTree';
import styles from './styles.module.css';
import type { ResponseData } from './types';

/** Every response status with its schema and example; success responses start open. */
export default function ResponseList({ responses }: { responses: ResponseData[] }): ReactNode {
  return (
    <div className={styles.responses}>
      {responses.map((response) => (
        <details key={response.status} id={`response-${response.status}`} open={response.status.startsWith('2')}>
          <summary>
            <span className={`${styles.status} ${styles[`status${response.status[0]}xx`] ?? ''}`}>
              {response.status}
            </span>{' '}
            <InlineText text={response.description} />
          </summary>
          {response.schema ? (
            <SchemaTree
              schema={response.schema}
              anchorPrefix={`response-${response.status}`}
              example={response.example}
            />
          ) : (
            <p>No body.</p>
          )}
        </details>
      ))}
    </div>
  );
}
