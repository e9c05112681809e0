import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Code, InlineCode, Text } from 'mdast';
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
}

/** The content folders whose pages are checked (the docs plugin instances' paths). */
export const CONTENT_DIRS = ['docs', 'on-prem'] as const;

export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The code blocks of one page with the given languages. Parsed as CommonMark (mdast), which finds
 * the same fenced blocks in .md and .mdx files; positions come from the parser, so a message
 * points at the file's own line.
 */
export function codeBlocks(
  file: string,
  languages: ReadonlySet<string>,
  source = readFileSync(file, 'utf8'),
): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let section = 0;
  visit(fromMarkdown(source), (node) => {
    if (node.type === 'heading') section++;
    if (node.type !== 'code') return;
    const code = node as Code;
    if (!code.lang || !languages.has(code.lang) || !code.position) return;
    blocks.push({
      file,
      language: code.lang,
      text: code.value,
      line: code.position.start.line + 1,
      indent: code.position.start.column - 1,
      section,
    });
  });
  return blocks;
}

/** A code span of a page's prose (`t.flowName`), where it starts. */
export interface CodeSpan {
  file: string;
  text: string;
  line: number;
  column: number;
}

export function codeSpans(file: string, source = readFileSync(file, 'utf8')): CodeSpan[] {
  const spans: CodeSpan[] = [];
  visit(fromMarkdown(source), 'inlineCode', (node: InlineCode) => {
    // In a table, a pipe inside a code span is written \| (GFM); the span means the pipe.
    const text = node.value.replace(/\\\|/g, '|');
    if (node.position) spans.push({ file, text, line: node.position.start.line, column: node.position.start.column });
  });
  return spans;
}

/** A run of a page's prose (a Markdown text node: no code, no markup), where it starts. */
export function proseRuns(file: string, source = readFileSync(file, 'utf8')): CodeSpan[] {
  const runs: CodeSpan[] = [];
  visit(fromMarkdown(source), 'text', (node: Text) => {
    if (node.position)
      runs.push({ file, text: node.value, line: node.position.start.line, column: node.position.start.column });
  });
  return runs;
}
