/**
 * An answer's Markdown as a HAST tree that is safe to render: parsed by mdast-util-from-markdown
 * (CommonMark; no GFM, so no raw-HTML autolinks), turned into HAST by mdast-util-to-hast without
 * `allowDangerousHtml` (raw HTML is dropped, never rendered), then cleaned: a link stays a link only
 * when it points to a page of the portal (a path starting with one "/"); images become their alt
 * text (an answer has no reason to load anything). Citation markers `[1]` become links to the
 * cited section. Pure (no React), so node:test checks it; AnswerMarkdown renders the tree.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { RootContent as MdastContent, Root as MdastRoot, PhrasingContent, Text } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toHast } from 'mdast-util-to-hast';
import type { Citation } from './ask-client';

/** A path on the portal: "/x", "/x#y"; not "//host", not "/\host" (browsers read both as another host). */
export function isSiteRelative(url: unknown): url is string {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) && !/[\s\\]/.test(url);
}

/** The name of a `[n]` link: its visible text first (WCAG 2.5.3, label in name), then what it cites. */
export const citationLabel = (n: number, citation: Citation) =>
  `[${n}] ${citation.title}${citation.section ? `, ${citation.section}` : ''}`;

/** Splits text at `[n]` markers that name a citation, making each a link to it. */
function withCitationLinks(node: Text, citations: readonly Citation[]): PhrasingContent[] {
  const parts: PhrasingContent[] = [];
  let last = 0;
  for (const match of node.value.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(match[1]);
    const citation = citations[n - 1];
    if (!citation || !isSiteRelative(citation.url)) continue;
    if (match.index > last) parts.push({ type: 'text', value: node.value.slice(last, match.index) });
    parts.push({
      type: 'link',
      url: citation.url,
      children: [{ type: 'text', value: `[${n}]` }],
      data: { hProperties: { className: ['tala-ask-cite'], ariaLabel: citationLabel(n, citation) } },
    });
    last = match.index + match[0].length;
  }
  if (last === 0) return [node];
  if (last < node.value.length) parts.push({ type: 'text', value: node.value.slice(last) });
  return parts;
}

function linkCitations(node: MdastRoot | MdastContent, citations: readonly Citation[]): void {
  if (!('children' in node) || node.type === 'link' || node.type === 'linkReference') return;
  const children = node.children as MdastContent[];
  const next: MdastContent[] = [];
  for (const child of children) {
    if (child.type === 'text') next.push(...withCitationLinks(child, citations));
    else {
      linkCitations(child, citations);
      next.push(child);
    }
  }
  (node as { children: MdastContent[] }).children = next;
}

/** Keeps portal links, unwraps the others into their text, turns images into their alt text. */
function clean(nodes: readonly (RootContent | ElementContent)[]): ElementContent[] {
  return nodes.flatMap((node): ElementContent[] => {
    if (node.type === 'doctype' || node.type === 'comment') return [];
    if (node.type !== 'element') return [node as ElementContent];
    if (node.tagName === 'img') {
      const alt = node.properties.alt;
      return typeof alt === 'string' && alt !== '' ? [{ type: 'text', value: alt }] : [];
    }
    const children = clean(node.children);
    if (node.tagName === 'a' && !isSiteRelative(node.properties.href)) return children;
    const element: Element = { ...node, children };
    if (node.tagName === 'a') element.properties = { href: node.properties.href, ...pick(node.properties) };
    return [element];
  });
}

/** The link properties an answer may set: its citation class and label, nothing else (no target, no rel games). */
function pick(properties: Element['properties']): Element['properties'] {
  const kept: Element['properties'] = {};
  if (properties.className) kept.className = properties.className;
  if (properties.ariaLabel) kept.ariaLabel = properties.ariaLabel;
  return kept;
}

export function answerTree(markdown: string, citations: readonly Citation[]): Root {
  const mdast = fromMarkdown(markdown);
  linkCitations(mdast, citations);
  const hast = toHast(mdast) as Root;
  return { type: 'root', children: clean(hast.children) };
}
