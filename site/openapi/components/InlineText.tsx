import type { ReactNode } from 'react';

/** Spec descriptions in tables: plain text with `code spans` (the only Markdown they use). */
export default function InlineText({ text }: { text: string }): ReactNode {
  return text.split(/(`[^`]+`)/).map((part, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder
    part.startsWith('`') && part.endsWith('`') ? <code key={index}>{part.slice(1, -1)}</code> : part,
  );
}
