import type { Props } from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import { Children, isValidElement, type ReactNode } from 'react';

/** As the theme does: plain-string children become one string, so the block can be copied. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * The theme's CodeBlock (theme-classic 3.10.2, lib/theme/CodeBlock/index.js) without its
 * `key={String(isBrowser)}`, which remounts every code block right after hydration so that a dark
 * colour mode gets its Prism theme. The portal has one colour mode (no switch, light only), so the
 * remount re-rendered every block of the page for nothing: on the TQL manual a tenth of the page's
 * blocking time on a phone (bench/pages/tbt-ab.ts). Guarded by
 * site/src/theme/CodeBlock/__tests__/upgrade-smoke.test.ts.
 */
export default function CodeBlock({ children: rawChildren, ...props }: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
