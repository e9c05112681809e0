import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import '@site/plugins/performance/code-highlight/grammars/bash';
import '@site/plugins/performance/code-highlight/grammars/web';
import '@site/plugins/performance/code-highlight/grammars/python';
import type { ReactNode } from 'react';
import type { OperationData } from './types';

/**
 * The operation's example request in curl, JavaScript and Python; the reader's choice holds on every
 * page. `lazy`: only the chosen language's block is rendered. Each theme CodeBlock measures its
 * width after mounting (word-wrap button) and renders again, forcing a layout of this long page:
 * with all three, the operation page blocked 116 ms against 70 before the tabs, with one 98 ms
 * (bench:pages:ab, 7 rounds). Without JavaScript the other panels were hidden anyway.
 */
export default function RequestExamples({ operation }: { operation: OperationData }): ReactNode {
  const { curl, javascript, python } = operation.snippets;
  return (
    <Tabs groupId="request-language" lazy>
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
