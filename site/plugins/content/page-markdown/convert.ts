/**
 * The Markdown of one built page, for readers' AI assistants: the article of the built HTML
 * (parsed once for every post-build reader, post-build/html-tree.ts; only the article made a hast
 * tree, by `hast-util-from-parse5`) turned into an mdast tree by `hast-util-to-mdast` (rehype-remark's
 * engine) and written by `mdast-util-to-markdown` with GFM tables. From the HTML rather than the
 * MDX, because the HTML is what readers see: generated tables (TQL fields, API schemas, widget fields), platform constants
 * and links are already resolved there.
 *
 * Only Docusaurus's own markup needs rules here (to-mdast knows plain HTML): its code blocks (one
 * element per line, language and title on the container), admonitions (icon + title + content),
 * heading anchors and copy buttons. Anything a page marks `data-markdown="omit"` (live widget
 * previews, whose payload is already a JSON block beside them) is left out.
 */
import type { Element, ElementContent } from 'hast';
import { fromParse5 } from 'hast-util-from-parse5';
import { select, selectAll } from 'hast-util-select';
import { type Handle, toMdast } from 'hast-util-to-mdast';
import { toText } from 'hast-util-to-text';
import type { BlockContent, Code, Root as MdastRoot } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import type { OperationData } from '../../../openapi/components/types';
import {
  attr,
  classes,
  elements,
  type HtmlDocument,
  type HtmlElement,
  isInside,
  parseBuiltPage,
} from '../../post-build/html-tree';
import { operationMarkdown } from './api-operation';

export interface PageMarkdown {
  title: string;
  description: string;
  markdown: string;
}

const classList = (node: Element): string[] => {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
};
const hasClassPrefix = (node: Element, prefix: string) => classList(node).some((c) => c.startsWith(prefix));

/** A Docusaurus code block (`div.theme-code-block`) as one fenced block, its title as `title="…"`. */
const codeBlock: Handle = (_state, node: Element): Code => {
  const language = classList(node)
    .find((c) => c.startsWith('language-'))
    ?.slice('language-'.length);
  const title = select('[class^="codeBlockTitle"]', node);
  const lines = selectAll('.token-line', node);
  const code = select('code', node);
  const value =
    lines.length > 0
      ? lines.map((line) => toText(line, { whitespace: 'pre' }).replace(/\n$/, '')).join('\n')
      : code
        ? toText(code, { whitespace: 'pre' })
        : '';
  return {
    type: 'code',
    lang: language && language !== 'text' ? language : null,
    meta: title ? `title="${toText(title).trim()}"` : null,
    value: value.replace(/\n+$/, ''),
  };
};

/** An admonition as a blockquote opened by its kind in bold: `> **Note:** …`. */
const admonition: Handle = (state, node: Element) => {
  const heading = select('[class*="admonitionHeading"]', node);
  const content = select('[class*="admonitionContent"]', node);
  const kind =
    (heading ? toText(heading).trim() : '') ||
    (classList(node)
      .find((c) => c.startsWith('theme-admonition-'))
      ?.slice('theme-admonition-'.length) ??
      'note');
  const children = (content ? state.all(content) : []) as BlockContent[];
  const label = { type: 'strong' as const, children: [{ type: 'text' as const, value: `${kind}:` }] };
  const first = children[0];
  if (first?.type === 'paragraph') first.children.unshift(label, { type: 'text', value: ' ' });
  else children.unshift({ type: 'paragraph', children: [label] });
  return { type: 'blockquote', children };
};

const div: Handle = (state, node: Element, parent) => {
  if (classList(node).includes('theme-code-block')) return codeBlock(state, node, parent);
  if (classList(node).includes('theme-admonition')) return admonition(state, node, parent);
  return state.all(node);
};

/** Drops what is chrome, not content: anchors, buttons, icons, the mobile TOC, omitted previews. */
function prune(parent: { children: ElementContent[] }): void {
  parent.children = parent.children.filter((child) => {
    if (child.type === 'comment') return false;
    if (child.type !== 'element') return true;
    const omit =
      child.properties.dataMarkdown === 'omit' ||
      ['button', 'svg', 'script', 'style', 'noscript'].includes(child.tagName) ||
      classList(child).includes('hash-link') ||
      hasClassPrefix(child, 'tocCollapsible');
    if (!omit) prune(child);
    return !omit;
  });
}

/**
 * Links and images point at the site's absolute URLs: a Markdown file is read out of its page. A
 * plain walk, not hast-util-select's `a[href]` (a tenth of the page's conversion time with it).
 */
function absolutise(parent: { children: ElementContent[] }, pageUrl: string): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    const { properties } = child;
    if (child.tagName === 'a' && properties.href != null)
      properties.href = new URL(String(properties.href), pageUrl).href;
    if (child.tagName === 'img' && properties.src != null)
      properties.src = new URL(String(properties.src), pageUrl).href;
    absolutise(child, pageUrl);
  }
}

/** The article's elements, or for an API operation page only its prose: after the endpoint, before the first section. */
function contentOf(body: Element, isOperation: boolean): ElementContent[] {
  const children = body.children.filter((child) => !(child.type === 'element' && child.tagName === 'header'));
  if (!isOperation) return children;
  const start = children.findIndex((c) => c.type === 'element' && c.properties.dataTalaGenerated === 'openapi');
  const end = children.findIndex((c) => c.type === 'element' && c.tagName === 'h2');
  return children.slice(start + 1, end === -1 ? undefined : end);
}

/**
 * The first `.theme-doc-markdown` inside an `<article>` (the selector `article .theme-doc-markdown`)
 * and the `<meta name="description">`'s content, in one walk of the parse5 tree.
 */
function articleAndDescription(document: HtmlDocument): { article?: HtmlElement; description?: string } {
  let description: string | undefined;
  const articles: HtmlElement[] = [];
  for (const element of elements(document)) {
    if (description === undefined && element.tagName === 'meta' && attr(element, 'name') === 'description') {
      description = attr(element, 'content') ?? '';
    }
    if (element.tagName === 'article') articles.push(element);
    if (
      classes(element).includes('theme-doc-markdown') &&
      articles.some((a) => a !== element && isInside(element, a))
    ) {
      return { article: element, description };
    }
  }
  return { description };
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The page's Markdown: `# Title`, the description as a quote (unless the page opens with it), the
 * source URL, then the article. Null for pages that are not documentation pages (login screen, 403,
 * search page). `operation` is the page data of a generated API operation page.
 */
export function pageMarkdown(html: string, pageUrl: string, operation?: OperationData): PageMarkdown | null {
  return documentMarkdown(parseBuiltPage(html), pageUrl, operation);
}

/** `pageMarkdown` of a parsed page (post-build/html-tree.ts), which it leaves as it was. */
export function documentMarkdown(
  document: HtmlDocument,
  pageUrl: string,
  operation?: OperationData,
): PageMarkdown | null {
  const found = articleAndDescription(document);
  if (!found.article) return null;
  // A tree of its own (from-parse5 copies), so pruning it below changes nothing the other readers see.
  const body = fromParse5(found.article) as Element;
  const heading = select('header h1', body) ?? select('h1', body);
  const title = heading ? toText(heading).trim() : '';
  const description = (found.description ?? '').trim();

  // The part converted first: an operation page's reference (most of its HTML) is not walked.
  body.children = contentOf(body, operation !== undefined);
  prune(body);
  absolutise(body, pageUrl);
  const mdast = toMdast(body, { handlers: { div } }) as MdastRoot;
  const prose = toMarkdown(mdast, { extensions: [gfmToMarkdown()], bullet: '-', fences: true, rule: '-' })
    .replace(/\u200b/g, '')
    .trim();
  const firstParagraph = select('p', body);
  const opensWithDescription =
    firstParagraph !== undefined &&
    squash(toText(firstParagraph)).startsWith(squash(description).replace(/[.…]+$/, ''));
  const api = operation ? operationMarkdown(operation) : null;
  const parts = [
    `# ${title}`,
    description && !opensWithDescription ? `> ${description}` : '',
    `Source: ${pageUrl}`,
    api?.endpoint ?? '',
    prose,
    api?.reference ?? '',
  ];
  return { title, description, markdown: `${parts.filter(Boolean).join('\n\n')}\n` };
}
