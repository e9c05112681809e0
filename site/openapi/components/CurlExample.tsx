import CodeBlock from '@theme/CodeBlock';
import '@site/plugins/performance/code-highlight/grammars/bash';
import type { ReactNode } from 'react';
import { curlCommand } from './curl';
import type { OperationData } from './types';

export default function CurlExample({ operation }: { operation: OperationData }): ReactNode {
  return <CodeBlock language="bash">{curlCommand(operation)}</CodeBlock>;
}
