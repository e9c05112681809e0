import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import '@site/plugins/performance/code-highlight/grammars/bash';
import '@site/plugins/performance/code-highlight/grammars/web';
import '@site/plugins/performance/code-highlight/grammars/python';
import type { ReactNode } from 'react';
import type { OperationData } from './types';

/** The operation's example request in curl, JavaScript and Python; the reader's choice holds on every page. */
export default function RequestExamples({ operation }: { operation: OperationData }): ReactNode {
  const { curl, javascript, python } = operation.snippets;
  return (
    <Tabs groupId="request-language" lazy={false}>
      <TabItem value="curl" label="curl" default>
        <CodeBlock language="bash">{curl}</CodeBlock>
      </TabItem>
      <TabItem value="javascript" label="JavaScript">
        <CodeBlock language="javascript">{javascript}</CodeBlock>
      </TabItem>
      <TabItem value="python" label="Python">
        <CodeBlock language="python">{python}</CodeBlock>
      </TabItem>
    </Tabs>
  );
}
