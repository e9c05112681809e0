import Admonition from '@theme/Admonition';
import type { ReactNode } from 'react';
import styles from './styles.module.css';
import type { OperationData } from './types';

/** Method, path and server of the operation; the marker tells content checks the page is generated. */
export default function ApiEndpoint({ operation }: { operation: OperationData }): ReactNode {
  return (
    <div className={styles.endpoint} data-tala-generated="openapi">
      <p className={styles.endpointLine}>
        <span className={`${styles.method} ${styles[`method${operation.method}`] ?? ''}`}>{operation.method}</span>
        <code className={styles.path}>{operation.path}</code>
      </p>
      <p className={styles.server}>
        Server: <code>{operation.serverUrl}</code> · operation id <code>{operation.operationId}</code>
      </p>
      {operation.deprecated && (
        <Admonition type="warning" title="Deprecated">
          This operation is deprecated and will be removed in a future major version of the API.
        </Admonition>
      )}
    </div>
  );
}
