import type { AccessLevel } from '@tala/policy';
import type { SearchRecord } from '../search/records.ts';
import { isStopWord, memoised, stem, term, wordTexts } from '../search/text.ts';

/**
 * The build's records regrouped as sections, the unit a question is answered from: the records
 * of one URL (a heading's anchor, or the page's lead without one), in the order the build wrote
 * them. Built once per search worker beside its engine, with what the relevance floor of
 * retrieve.ts needs: how often each stem occurs in each section and, over all sections, how many hold
 * each stem.
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
  /** How often each stem of its title, heading (counted twice) and text occurs, and how many stems in all (BM25). */
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

/**
 * A word's stem as retrieval compares it (folded, singular, Snowball stem), or null for a stop
 * word: one memoised lookup a word, where the three steps' own memos took three (the sections read
 * every word of the corpus at start-up; docs/decisions/growth-with-content.md, eleventh run).
 */
const contentStem = memoised((word: string): string | null => (isStopWord(word) ? null : stem(term(word))));

/** The stems of a text's words, as retrieval compares them (folded, singular, Snowball stem). */
export function stemsOf(text: string, { skipStopWords = true } = {}): string[] {
  const out: string[] = [];
  // Words without offsets (wordTexts), and a word's stem one memoised lookup (contentStem): for every
  // word of the corpus at start-up, these were most of the sections' cost (growth-with-content.md,
  // eighth and eleventh runs).
  for (const word of wordTexts(text)) {
    const found = skipStopWords ? contentStem(word) : stem(term(word));
    if (found !== null) out.push(found);
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
    const counts = new Map<string, number>();
    let length = 0;
    for (const word of wordTexts(`${title}\n${section ?? ''}\n${section ?? ''}\n${text}`)) {
      const found = contentStem(word);
      if (found === null) continue;
      counts.set(found, (counts.get(found) ?? 0) + 1);
      length += 1;
    }
    totalLength += length;
    for (const s of counts.keys()) sectionsWith.set(s, (sectionsWith.get(s) ?? 0) + 1);
    const entry: Section = {
      url,
      page: first.url_without_anchor,
      title,
      section,
      text,
      level: first.access,
      position: first.weight.position,
      counts,
      length,
    };
    byUrl.set(url, entry);
    const page = byPage.get(entry.page);
    if (page) page.push(entry);
    else byPage.set(entry.page, [entry]);
  }
  for (const list of byPage.values()) list.sort((a, b) => a.position - b.position);
  return { byUrl, byPage, sectionsWith, count: byUrl.size, meanLength: totalLength / Math.max(1, byUrl.size) };
}
