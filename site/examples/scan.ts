import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Code, InlineCode, Paragraph, Root, Text } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visit } from 'unist-util-visit';

/** A fenced code block of a page: its language, text, and where its first line of text is. */
export interface CodeBlock {
  file: string;
  language: string;
  text: string;
  /** The file's line of the block's first text line (the line after the opening fence). */
  line: number;
  /** Added to a column of the text: the block's indentation (a block inside a list item). */
  indent: number;
  /** How many headings come before the block: blocks with the same number share a section. */
  section: number;
  /** The code spans of the paragraph right before the block (`Read it with \`GET /tasks/{taskId}\`:`). */
  lead: CodeSpan[];
  /** The fence's text after the language (`title="…" schema="engine:InputResponse"`), or ''. */
  meta?: string;
}

/** The content folders whose pages are checked (the docs plugin instances' paths). */
export const CONTENT_DIRS = ['docs', 'on-prem'] as const;

export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A code span or a run of prose of a page, where it starts. */
export interface CodeSpan {
  file: string;
  text: string;
  line: number;
  column: number;
}

/** What the checks read of one page, from one parse. */
export interface Page {
  /** Fenced code blocks with a language, in document order. */
  blocks: CodeBlock[];
  /** Code spans (`t.flowName`, `POST /…`). */
  spans: CodeSpan[];
  /** Runs of prose: Markdown text nodes (no code, no markup). */
  prose: CodeSpan[];
  /** The page's syntax tree, for checks of its structure (pages/structure.ts). */
  tree: Root;
}

/**
 * One page, parsed once as CommonMark (mdast), which finds the same fenced blocks and code spans
 * in .md and .mdx files; positions come from the parser, so a message points at the file's own line.
 */
export function readPage(file: string, source = readFileSync(file, 'utf8')): Page {
  const tree = fromMarkdown(source);
  const page: Page = { blocks: [], spans: [], prose: [], tree };
  let section = 0;
  visit(tree, (node, index, parent) => {
    if (!node.position) return;
    const { line, column } = node.position.start;
    if (node.type === 'heading') section++;
    else if (node.type === 'code') {
      const code = node as Code;
      const before = index !== undefined && index > 0 ? parent?.children[index - 1] : undefined;
      const lead = before?.type === 'paragraph' ? codeSpans(file, before as Paragraph) : [];
      if (code.lang)
        page.blocks.push({
          file,
          language: code.lang,
          text: code.value,
          line: line + 1,
          indent: column - 1,
          section,
          lead,
          meta: code.meta ?? '',
        });
    } else if (node.type === 'inlineCode') {
      // In a table, a pipe inside a code span is written \| (GFM); the span means the pipe.
      page.spans.push({ file, text: (node as InlineCode).value.replace(/\\\|/g, '|'), line, column });
    } else if (node.type === 'text') page.prose.push({ file, text: (node as Text).value, line, column });
  });
  return page;
}

function codeSpans(file: string, paragraph: Paragraph): CodeSpan[] {
  const spans: CodeSpan[] = [];
  visit(paragraph, 'inlineCode', (node: InlineCode) => {
    const { line, column } = node.position?.start ?? { line: 0, column: 0 };
    spans.push({ file, text: node.value.replace(/\\\|/g, '|'), line, column });
  });
  return spans;
}
