import type { Props } from '@theme/CodeBlock/Line';
import Line from '@theme-original/CodeBlock/Line';
import { memo } from 'react';

/**
 * The theme's code line, rendered again only when its tokens or classes change. Once a page has
 * hydrated, each code block renders again (its copy and word-wrap buttons appear, and whether it
 * scrolls is measured); the theme's Highlight then made new `getLineProps`/`getTokenProps`
 * functions and every line and token of the block rendered again with the same output: on the TQL
 * manual, 96 lines and 328 tokens, most of that task's time on a phone.
 *
 * Those two functions are ignored here: they change identity on every render but only with the
 * Prism theme in what they return, and the site has one colour mode (one theme, checked by
 * site/src/theme/CodeBlock/__tests__/upgrade-smoke.test.ts). The tokens are the same array while the
 * code and language are (prism-react-renderer memoizes tokenization).
 */
function sameLine(before: Props, after: Props): boolean {
  return (
    before.line === after.line &&
    before.showLineNumbers === after.showLineNumbers &&
    String(before.classNames ?? '') === String(after.classNames ?? '')
  );
}

export default memo(Line, sameLine);
