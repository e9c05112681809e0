import type { Nodes, Parents, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { gfm } from 'micromark-extension-gfm';

/**
 * The model's Markdown as readers get it: parsed (mdast, GFM as the site writes it), then rebuilt
 * with no raw HTML (tags become text), no images, and links only to the portal's own pages (made
 * site-relative); any other link keeps its text only. A page whose text talks the model into a link
 * or a tag therefore cannot send a reader anywhere. Citation markers `[n]` are kept only for
 * passages that were sent, renumbered in order of first use (`Citations`).
 */

/** The passages' numbers as sent (1-based) → as shown, in order of first use. */
export class Citations {
  readonly #shown = new Map<number, number>();
  readonly #sent: number;

  constructor(sent: number) {
    this.#sent = sent;
  }

  /** The number shown for sent passage `n`, or null for a passage that was not sent. */
  number(n: number): number | null {
    if (!Number.isInteger(n) || n < 1 || n > this.#sent) return null;
    let shown = this.#shown.get(n);
    if (shown === undefined) {
      shown = this.#shown.size + 1;
      this.#shown.set(n, shown);
    }
    return shown;
  }

  /** The sent passages' indexes (0-based) in the order they are shown. */
  order(): number[] {
    return [...this.#shown.keys()].map((n) => n - 1);
  }
}

const parse = (markdown: string): Root =>
  fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

const serialise = (root: Root): string =>
  toMarkdown(root, { extensions: [gfmToMarkdown()], bullet: '-', emphasis: '_', rule: '-' }).trimEnd();

/**
 * The site-relative form of `url` when it is one of the portal's own pages (a site-relative path,
 * or an absolute URL on `publicUrl`), otherwise null. Relative paths (`deploy/`) and fragments are
 * refused: what they resolve to depends on the page the answer is shown on.
 */
export function portalPath(url: string, publicUrl: string): string | null {
  const trimmed = url.trim();
  if (!trimmed.startsWith('/') && !/^https?:/i.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, `${publicUrl}/`);
  } catch {
    return null;
  }
  // `//evil.example` and `/\evil.example` resolve to another origin here, as browsers read them.
  if (parsed.origin !== new URL(publicUrl).origin) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

const CITATION = /(\s*)\[\^?(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/**
 * How a marker is written: as a reference (`[2]`, as the extractive answer writes it; with no
 * definition anywhere it reads back as text), or as escaped text (`\\[2]`) where the reference
 * would not read back as text (at the start of a line followed by a colon: a definition).
 */
type Marker = 'reference' | 'text';

function markerOf(n: number, marker: Marker): PhrasingContent {
  const label = String(n);
  return marker === 'text'
    ? text(`[${label}]`)
    : { type: 'linkReference', identifier: label, label, referenceType: 'shortcut', children: [text(label)] };
}

function citeIn(value: string, citations: Citations, marker: Marker): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  let at = 0;
  for (const match of value.matchAll(CITATION)) {
    const [whole, space = '', list = ''] = match;
    out.push(text(value.slice(at, match.index)));
    const kept = list
      .split(',')
      .map((n) => citations.number(Number(n.trim())))
      .filter((n) => n !== null);
    if (kept.length > 0) out.push(text(space), ...kept.map((n) => markerOf(n, marker)));
    at = match.index + whole.length;
  }
  out.push(text(value.slice(at)));
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}

const text = (value: string): Text => ({ type: 'text', value });

/**
 * Text that GFM would read as an address (`https://…`, `www.…`, `a@b.example`) becomes a link
 * wherever the answer is read, escaped or not: such text is shown as code, which nothing links.
 */
const ADDRESS = /:\/\/|\bwww\.|@/i;
const literal = (value: string): PhrasingContent =>
  ADDRESS.test(value) ? { type: 'inlineCode', value: value.replace(/\s*\n\s*/g, ' ') } : text(value);

/** Parents whose children are blocks (the rest hold phrasing: text, emphasis, links). */
const FLOW = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

/** One node as kept: itself (children rebuilt), its content instead of itself, or nothing. */
function keep(node: RootContent, publicUrl: string, flow: boolean): RootContent[] {
  switch (node.type) {
    case 'html':
      // Shown as code, not dropped: the model writes placeholders such as <tenant-id> as tags.
      return [
        flow
          ? { type: 'code', lang: null, meta: null, value: node.value }
          : { type: 'inlineCode', value: node.value.replace(/\s*\n\s*/g, ' ') },
      ];
    case 'image':
    case 'imageReference':
      // An image loads without a click: never from an answer.
      return node.alt ? [literal(node.alt)] : [];
    case 'definition':
    case 'footnoteDefinition':
      return [];
    case 'footnoteReference':
      // `[^2]`, as some models cite: a marker like `[2]`.
      return [text(`[${(node.label ?? node.identifier).replace(/^\^/, '')}]`)];
    case 'linkReference': {
      // References are never resolved (a definition may come after them, beyond the streamed part):
      // `[3]` stays a citation marker, `[text][ref]` its text.
      const children = keepAll(node.children, publicUrl, false) as PhrasingContent[];
      return node.referenceType === 'full' ? children : [text('['), ...children, text(']')];
    }
    case 'link': {
      const children = keepAll(node.children, publicUrl, false) as PhrasingContent[];
      const path = portalPath(node.url, publicUrl);
      if (path !== null) return [{ ...node, url: path, title: null, children }];
      const shown = plainText({ type: 'paragraph', children });
      return ADDRESS.test(shown) ? [literal(shown)] : children;
    }
    default:
      if ('children' in node) {
        return [{ ...node, children: keepAll(node.children, publicUrl, FLOW.has(node.type)) } as RootContent];
      }
      return [node];
  }
}

function keepAll(nodes: readonly RootContent[], publicUrl: string, flow: boolean): RootContent[] {
  const kept = nodes.flatMap((node) => keep(node, publicUrl, flow));
  // Adjacent texts as one, so that a marker split by the rebuilding (`[`, `3`, `]`) is seen whole.
  const merged: RootContent[] = [];
  for (const node of kept) {
    const last = merged.at(-1);
    if (node.type === 'text' && last?.type === 'text') merged[merged.length - 1] = text(last.value + node.value);
    else merged.push(node);
  }
  return merged;
}

function cite(node: Nodes, citations: Citations, marker: Marker): void {
  if (!('children' in node)) return;
  const parent = node as { children: Nodes[] };
  parent.children = parent.children.flatMap((child): Nodes[] => {
    if (child.type === 'text') return citeIn(child.value, citations, marker);
    cite(child, citations, marker);
    return [child];
  });
}

/** Whether a tree still holds anything the policy removes (the rebuilt Markdown, parsed again). */
function offends(node: Nodes, publicUrl: string): boolean {
  if (['html', 'image', 'imageReference', 'definition'].includes(node.type)) return true;
  if (node.type === 'link' && portalPath(node.url, publicUrl) !== node.url) return true;
  return 'children' in node && (node as Parents).children.some((child) => offends(child, publicUrl));
}

/** Sanitises whole blocks of the model's Markdown (model-stream.ts decides where blocks end). */
export function sanitiseMarkdown(markdown: string, publicUrl: string, citations: Citations): string {
  const kept = keepAll(parse(markdown).children, publicUrl, true);
  let root: Root = { type: 'root', children: [] };
  for (const marker of ['reference', 'text'] as const) {
    // Numbers are given in order of first use: a second pass gives the same ones.
    root = { type: 'root', children: structuredClone(kept) };
    cite(root, citations, marker);
    const out = serialise(root);
    // The serialiser escapes what would parse as something else; parsing its output again proves it.
    if (!offends(parse(out), publicUrl)) return out;
  }
  // Should it ever fail, the reader gets the text alone, as a code block (no link, no tag).
  return serialise({ type: 'root', children: [{ type: 'code', lang: null, meta: null, value: plainText(root) }] });
}

function plainText(node: Nodes): string {
  if ('value' in node) return node.value;
  const separator = node.type === 'root' || node.type === 'list' ? '\n\n' : '';
  return 'children' in node ? (node as Parents).children.map(plainText).join(separator) : '';
}

/** Top-level blocks of `markdown`: where the last one starts (the ones before it are final). */
export function lastBlockStart(markdown: string): number {
  const { children } = parse(markdown);
  if (children.length < 2) return 0;
  return children.at(-1)?.position?.start.offset ?? 0;
}
