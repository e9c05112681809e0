import type { AccessLevel } from '@tala/policy';
import type { SearchRecord } from '../search/records.ts';
import { isStopWord, stem, term, wordTexts } from '../search/text.ts';

/**
 * The build's records regrouped as sections, the unit a question is answered from: the records
 * of one URL (a heading's anchor, or the page's lead without one), in the order the build wrote
 * them. Built once per search worker beside its engine, with what the relevance floor of
 * retrieve.ts needs: each section's word stems and, over all sections, how many hold each stem.
 */
export interface Section {
  readonly url: string;
  /** The page's URL (without anchor): a page's sections share it. */
  readonly page: string;
  readonly title: string;
  readonly section: string | null;
  readonly text: string;
  readonly level: AccessLevel;
  /** Where the section starts in the build's order (its first record's position). */
  readonly position: number;
  /** Stems of its title, heading and text. */
  readonly stems: ReadonlySet<string>;
  /** How often each stem occurs in its heading (counted twice) and text, and how many stems in all (BM25). */
  readonly counts: ReadonlyMap<string, number>;
  readonly length: number;
}

export interface SectionIndex {
  readonly byUrl: ReadonlyMap<string, Section>;
  /** Each page's sections in order. */
  readonly byPage: ReadonlyMap<string, readonly Section[]>;
  /** In how many sections each stem occurs (inverse document frequency). */
  readonly sectionsWith: ReadonlyMap<string, number>;
  readonly count: number;
  /** The mean section length in stems (BM25). */
  readonly meanLength: number;
}

const HEADINGS = ['lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** The stems of a text's words, as retrieval compares them (folded, singular, Snowball stem). */
export function stemsOf(text: string, { skipStopWords = true } = {}): string[] {
  const out: string[] = [];
  // Words without offsets (wordTexts), and isStopWord memoised: for every word of the corpus at
  // start-up, these were most of the sections' cost (docs/decisions/growth-with-content.md, eighth run).
  for (const word of wordTexts(text)) {
    if (skipStopWords && isStopWord(word)) continue;
    out.push(stem(term(word)));
  }
  return out;
}

/** The heading a record sits under, beyond the page title; null for the page's lead. */
function headingOf(record: SearchRecord): string | null {
  if (record.anchor === null) return null;
  for (let i = HEADINGS.length - 1; i >= 0; i--) {
    const value = record.hierarchy[HEADINGS[i] as (typeof HEADINGS)[number]];
    if (value) return value;
  }
  return null;
}

export function buildSections(records: readonly SearchRecord[]): SectionIndex {
  const grouped = new Map<string, SearchRecord[]>();
  for (const record of records) {
    const list = grouped.get(record.url);
    if (list) list.push(record);
    else grouped.set(record.url, [record]);
  }
  const byUrl = new Map<string, Section>();
  const byPage = new Map<string, Section[]>();
  const sectionsWith = new Map<string, number>();
  let totalLength = 0;
  for (const [url, list] of grouped) {
    list.sort((a, b) => a.weight.position - b.weight.position);
    const first = list[0] as SearchRecord;
    const title = first.hierarchy.lvl1 ?? first.hierarchy.lvl0 ?? '';
    const section = headingOf(first);
    const text = list
      .map((record) => (record.type === 'content' ? (record.content ?? '').trim() : ''))
      .filter(Boolean)
      .join('\n');
    const all = stemsOf(`${title}\n${section ?? ''}\n${section ?? ''}\n${text}`);
    const stems = new Set(all);
    const counts = new Map<string, number>();
    for (const s of all) counts.set(s, (counts.get(s) ?? 0) + 1);
    totalLength += all.length;
    for (const s of stems) sectionsWith.set(s, (sectionsWith.get(s) ?? 0) + 1);
    const entry: Section = {
      url,
      page: first.url_without_anchor,
      title,
      section,
      text,
      level: first.access,
      position: first.weight.position,
      stems,
      counts,
      length: all.length,
    };
    byUrl.set(url, entry);
    const page = byPage.get(entry.page);
    if (page) page.push(entry);
    else byPage.set(entry.page, [entry]);
  }
  for (const list of byPage.values()) list.sort((a, b) => a.position - b.position);
  return { byUrl, byPage, sectionsWith, count: byUrl.size, meanLength: totalLength / Math.max(1, byUrl.size) };
}
