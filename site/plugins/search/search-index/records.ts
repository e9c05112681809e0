/**
 * DocSearch-format records from one built page, read with a real HTML parser (parse5). Shaped like
 * the records of Algolia's Docusaurus crawler template: lvl0 is the top-level section of the
 * sidebar, lvl1 the page title, lvl2–lvl6 the headings; content records hold paragraphs, list
 * items and table cells, each with the hierarchy above it. Every record carries its page's access
 * level, so the engine can filter by role before ranking.
 *
 * Two departures, for the API reference (half its records were one or two words): a table marked
 * `data-search-rows` (a parameter table: name, type, description) gives one record a row, not one a
 * cell, and tab labels (`role="tablist"`: "curl", "JavaScript", "Python" on every operation) are
 * not indexed: 17,548 → 15,517 records at 521 pages, and every search worker holds them all
 * (docs/decisions/growth-with-content.md, eighth run). Block boundaries are spaces, so a cell's
 * sentences and facts do not run together ("…solution.Pattern").
 */
import type { AccessLevel, SearchRecord, SearchRecordType } from '@tala/policy';
import {
  attr,
  classes,
  type HtmlElement as Element,
  type HtmlDocument,
  isInside,
  type HtmlNode as Node,
  parseBuiltPage,
  elements as walk,
} from '../../post-build/html-tree';

export type RecordType = SearchRecordType;
export type Hierarchy = SearchRecord['hierarchy'];
export type { SearchRecord };

const LEVEL_WEIGHT: Record<RecordType, number> = {
  lvl1: 100,
  lvl2: 90,
  lvl3: 80,
  lvl4: 70,
  lvl5: 60,
  lvl6: 50,
  content: 0,
};
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const CONTENT = new Set(['p', 'li', 'td']);
/** Blocks whose text ends where the next begins: "…solution." + "Pattern: …" is not one word. */
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'tr', 'div', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'br', ...HEADINGS]);
/** Marks a table whose rows are its records (one a parameter) instead of its cells. */
export const ROW_RECORDS_ATTRIBUTE = 'data-search-rows';
/** Between a row's cells in its record. */
const CELL_SEPARATOR = ' · ';
/** Not indexed: code is noise for a docs search, navigation repeats on every page. */
const SKIP = new Set(['pre', 'script', 'style', 'nav', 'svg', 'button', 'details']);

/** Visible text of an element, without code blocks or heading anchor links. */
function textOf(node: Node): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if ('tagName' in node && (SKIP.has(node.tagName) || classes(node).includes('hash-link'))) return '';
  const text = ('childNodes' in node ? node.childNodes : []).map(textOf).join('');
  return 'tagName' in node && BLOCKS.has(node.tagName) ? ` ${text} ` : text;
}

const isTabList = (el: Element) => attr(el, 'role') === 'tablist';

/** The body rows of a table (not its header row), each as its cells' texts. */
function rowsOf(table: Element): string[] {
  const rows: string[] = [];
  for (const el of walk(table)) {
    if (el.tagName !== 'tr' || el.childNodes.some((c) => 'tagName' in c && c.tagName === 'th')) continue;
    const cells = el.childNodes.filter((c): c is Element => 'tagName' in c && c.tagName === 'td');
    const text = cells
      .map((cell) => clean(textOf(cell)))
      .filter(Boolean)
      .join(CELL_SEPARATOR);
    if (text) rows.push(text);
  }
  return rows;
}
const clean = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\u200b/g, '')
    .trim();

export interface PageInput {
  html: string;
  /** Absolute URL of the page, e.g. http://localhost:3000/studio/build/ */
  url: string;
  access: AccessLevel;
  pageRank?: number;
}

/** A page's records before the access manifest gives the page its level (records-step tags them). */
export type UnleveledRecord = Omit<SearchRecord, 'access'>;

export function recordsOfPage({ html, url, access, pageRank = 0 }: PageInput): SearchRecord[] {
  return recordsOfDocument(parseBuiltPage(html), url, pageRank).map((record) => ({ ...record, access }));
}

/** The records of a parsed page (post-build/html-tree.ts). */
export function recordsOfDocument(document: HtmlDocument, url: string, pageRank = 0): UnleveledRecord[] {
  const elements = [...walk(document)];
  const meta = (name: string) => {
    const el = elements.find((e) => e.tagName === 'meta' && attr(e, 'name') === name);
    return el ? (attr(el, 'content') ?? null) : null;
  };
  const article = elements.find((e) => e.tagName === 'article');
  if (!article) return [];
  const activeCategories = elements.filter(
    (e) => e.tagName === 'a' && classes(e).includes('menu__link--active') && classes(e).includes('menu__link--sublist'),
  );
  // API reference pages group under their API ("Studio API"), the section a reader thinks in.
  const activeTop = activeCategories.find((e) => / API$/.test(clean(textOf(e)))) ?? activeCategories[0];
  // DocSearch's Docusaurus template: the active top-level sidebar category, else the active navbar
  // item ("On-premises" for the on-prem pages outside a category), else "Documentation".
  const activeNavbar = elements.find(
    (e) => e.tagName === 'a' && classes(e).includes('navbar__link--active') && classes(e).includes('navbar__item'),
  );
  const section = activeTop ?? activeNavbar;
  const lvl0 = (section && clean(textOf(section))) || 'Documentation';
  const hierarchy: Hierarchy = { lvl0, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
  const records: UnleveledRecord[] = [];
  const language = meta('docsearch:language') ?? 'en';
  const tag = meta('docusaurus_tag') ?? meta('docsearch:docusaurus_tag') ?? 'default';
  // Docusaurus writes front-matter keywords as one comma-separated meta tag.
  const keywords = (meta('keywords') ?? '').split(',').map(clean).filter(Boolean);
  let anchor: string | null = null;

  const push = (type: RecordType, content: string | null) => {
    const position = records.length;
    records.push({
      objectID: `${url}#${position}`,
      type,
      hierarchy: { ...hierarchy },
      content,
      url: anchor ? `${url}#${anchor}` : url,
      url_without_anchor: url,
      anchor,
      weight: { pageRank, level: LEVEL_WEIGHT[type], position },
      language,
      docusaurus_tag: tag,
      ...(type === 'lvl1' && keywords.length > 0 ? { keywords } : {}),
    });
  };

  // Category index pages put the title above the article and list their pages as cards.
  const title = elements.find((e) => e.tagName === 'h1');
  if (title && !elements.some((e) => e.tagName === 'h1' && isInside(e, article))) {
    hierarchy.lvl1 = clean(textOf(title));
    push('lvl1', null);
  }

  const visit = (node: Node, insideContent: boolean) => {
    if (!('tagName' in node)) return;
    if (SKIP.has(node.tagName) || isTabList(node)) return;
    if (node.tagName === 'table' && attr(node, ROW_RECORDS_ATTRIBUTE) !== undefined) {
      if (hierarchy.lvl1) for (const row of rowsOf(node)) push('content', row);
      return;
    }
    // A card of a category index repeats another page's title and description.
    if (node.tagName === 'a' && classes(node).includes('card')) return;
    const level = HEADINGS.indexOf(node.tagName);
    if (level >= 0) {
      const key = `lvl${level + 1}` as keyof Hierarchy;
      hierarchy[key] = clean(textOf(node));
      for (let deeper = level + 2; deeper <= 6; deeper++) hierarchy[`lvl${deeper}` as keyof Hierarchy] = null;
      anchor = level === 0 ? null : (attr(node, 'id') ?? anchor);
      push(key as RecordType, null);
      return;
    }
    if (CONTENT.has(node.tagName) && !insideContent) {
      const text = clean(textOf(node));
      if (text.length > 0 && hierarchy.lvl1) push('content', text);
      // A list item may hold a paragraph: index the outer block once.
      return;
    }
    for (const child of node.childNodes) visit(child, insideContent);
  };
  visit(article, false);
  return records;
}
