import type { Section, SectionIndex } from '../ask/sections.ts';
import type { IndexData, Posting, RecordTerms } from './engine/index-build.ts';
import { LEVELS, type SearchRecord } from './records.ts';

/**
 * How the corpus snapshot (snapshot.ts) lays out what a search worker holds, so that node:v8
 * reads it fast and the worker's heap stays as small as after indexing the records itself:
 *
 * - the records by column: each repeated text (a page's title and headings, addresses, types)
 *   written once, and the records made from the columns on reading, sharing those texts as
 *   records.ts's `sharedTexts` makes them share (node:v8 keeps shared objects, not shared strings:
 *   written as records, every copy came back as its own);
 * - the Ask sections likewise, their stems once (a section's counts were 1.8 million map keys at
 *   10,433 pages, each its own string when read back);
 * - the index's small typed arrays (a posting a term, three proximity arrays a record: 962,255
 *   at 10,433 pages) packed into a few, since node:v8 writes and reads each typed array through
 *   JavaScript (its host-object path).
 */
export interface SnapshotLayout {
  records: RecordColumns;
  index: PackedIndex;
  sections: SectionColumns;
}

export interface CorpusParts {
  records: SearchRecord[];
  index: IndexData;
  sections: SectionIndex;
}

/** The text fields of a record, in the order of RecordColumns.fields: the hierarchy's levels after these. */
const TEXT_FIELDS = ['type', 'url', 'url_without_anchor', 'anchor', 'language', 'docusaurus_tag', 'access'] as const;
const FIELDS_PER_RECORD = TEXT_FIELDS.length + LEVELS.length;
/** A null text. */
const NONE = -1;

interface RecordColumns {
  /** Every text the records repeat, once. */
  texts: string[];
  /** Per record, FIELDS_PER_RECORD indexes into texts (NONE for null). */
  fields: Int32Array;
  /** Texts of their own: ids and contents (a paragraph, a table row), the writers' keywords. */
  objectIDs: string[];
  contents: (string | null)[];
  keywords: (readonly string[] | null)[];
  /** Per record, its weight's page rank, level and position. */
  weights: Float64Array;
}

/** The sections, their texts as indexes into the records' texts (NONE for null). */
interface SectionColumns {
  /** Per section: its url, page, title, section heading and level. */
  fields: Int32Array;
  texts: string[];
  positions: Float64Array;
  lengths: Uint32Array;
  /** Every stem the sections hold, once; `sectionsWith[s]`: how many sections hold stem s. */
  stems: string[];
  sectionsWith: Uint32Array;
  /** Each section's stems (indexes into stems) and their counts, one section after the other. */
  countStems: Uint32Array;
  counts: Uint32Array;
  countEnds: Uint32Array;
  meanLength: number;
}
const SECTION_FIELDS = 5;

/** The index with its typed arrays packed. */
interface PackedIndex extends Omit<IndexData, 'postings' | 'recordTerms' | 'singleWord'> {
  /** Each term's record ids and attribute masks, one term after the other; `postingEnds[t]` ends term t's. */
  postingIds: Uint32Array;
  postingAttributes: Uint16Array;
  postingEnds: Uint32Array;
  /** Each record's term ids and positions, one record after the other (a record's length is its last start). */
  termIds: Uint32Array;
  positions: Uint32Array;
  /** Each record's attribute starts, `startsPerRecord` at a time. */
  starts: Uint32Array;
  startsPerRecord: number;
  /** Per record and attribute, its single word as an index into the records' texts (NONE for null). */
  singleWords: Int32Array;
  attributesPerRecord: number;
}

export function layOut({ records, index, sections }: CorpusParts): SnapshotLayout {
  const ids = new Map<string, number>();
  const texts: string[] = [];
  const idOf = (text: string | null): number => {
    if (text === null) return NONE;
    let id = ids.get(text);
    if (id === undefined) {
      id = texts.push(text) - 1;
      ids.set(text, id);
    }
    return id;
  };
  const fields = new Int32Array(records.length * FIELDS_PER_RECORD);
  const weights = new Float64Array(records.length * 3);
  records.forEach((record, i) => {
    const at = i * FIELDS_PER_RECORD;
    TEXT_FIELDS.forEach((field, f) => {
      fields[at + f] = idOf(record[field]);
    });
    LEVELS.forEach((level, l) => {
      fields[at + TEXT_FIELDS.length + l] = idOf(record.hierarchy[level]);
    });
    weights.set([record.weight.pageRank, record.weight.level, record.weight.position], i * 3);
  });
  const columns: RecordColumns = {
    texts,
    fields,
    objectIDs: records.map((r) => r.objectID),
    contents: records.map((r) => r.content),
    keywords: records.map((r) => r.keywords ?? null),
    weights,
  };
  const { postings, recordTerms, singleWord, ...rest } = index;
  const attributesPerRecord = singleWord[0]?.length ?? 0;
  let end = 0;
  const packed: PackedIndex = {
    ...rest,
    postingIds: concat(
      postings.map((p) => p.ids),
      Uint32Array,
    ),
    postingAttributes: concat(
      postings.map((p) => p.attributes),
      Uint16Array,
    ),
    postingEnds: Uint32Array.from(postings, (p) => (end += p.ids.length)),
    termIds: concat(
      recordTerms.map((r) => r.termIds),
      Uint32Array,
    ),
    positions: concat(
      recordTerms.map((r) => r.positions),
      Uint32Array,
    ),
    starts: concat(
      recordTerms.map((r) => r.starts),
      Uint32Array,
    ),
    startsPerRecord: recordTerms[0]?.starts.length ?? 0,
    singleWords: Int32Array.from(singleWord.flat(), idOf),
    attributesPerRecord,
  };
  // idOf below and above adds texts after the columns took the array: the same array, written last.
  return { records: columns, index: packed, sections: sectionColumns(sections, idOf) };
}

function sectionColumns(sections: SectionIndex, idOf: (text: string | null) => number): SectionColumns {
  const all = [...sections.byUrl.values()];
  const stems = [...sections.sectionsWith.keys()];
  const stemIds = new Map(stems.map((stem, id) => [stem, id]));
  const fields = new Int32Array(all.length * SECTION_FIELDS);
  const countStems: number[] = [];
  const counts: number[] = [];
  let end = 0;
  all.forEach((section, i) => {
    fields.set(
      [section.url, section.page, section.title, section.section, section.level].map(idOf),
      i * SECTION_FIELDS,
    );
    for (const [stem, count] of section.counts) {
      countStems.push(stemIds.get(stem) as number);
      counts.push(count);
    }
  });
  return {
    fields,
    texts: all.map((section) => section.text),
    positions: Float64Array.from(all, (section) => section.position),
    lengths: Uint32Array.from(all, (section) => section.length),
    stems,
    sectionsWith: Uint32Array.from(stems, (stem) => sections.sectionsWith.get(stem) as number),
    countStems: Uint32Array.from(countStems),
    counts: Uint32Array.from(counts),
    countEnds: Uint32Array.from(all, (section) => (end += section.counts.size)),
    meanLength: sections.meanLength,
  };
}

/** The sections as ask/sections.ts builds them: the same maps, in the same order. */
function takeInSections(columns: SectionColumns, text: (id: number) => string | null): SectionIndex {
  const { fields, texts, positions, lengths, stems, sectionsWith, countStems, counts, countEnds } = columns;
  const byUrl = new Map<string, Section>();
  const byPage = new Map<string, Section[]>();
  let from = 0;
  texts.forEach((sectionText, i) => {
    const at = i * SECTION_FIELDS;
    const own = new Map<string, number>();
    const end = countEnds[i] as number;
    for (let c = from; c < end; c++) own.set(stems[countStems[c] as number] as string, counts[c] as number);
    from = end;
    const section: Section = {
      url: text(fields[at] as number) as string,
      page: text(fields[at + 1] as number) as string,
      title: text(fields[at + 2] as number) as string,
      section: text(fields[at + 3] as number),
      text: sectionText,
      level: text(fields[at + 4] as number) as Section['level'],
      position: positions[i] as number,
      counts: own,
      length: lengths[i] as number,
    };
    byUrl.set(section.url, section);
    const page = byPage.get(section.page);
    if (page) page.push(section);
    else byPage.set(section.page, [section]);
  });
  // Written in byUrl's order; a page's sections in their order, as buildSections sorts them.
  for (const list of byPage.values()) list.sort((a, b) => a.position - b.position);
  return {
    byUrl,
    byPage,
    sectionsWith: new Map(stems.map((stem, s) => [stem, sectionsWith[s] as number])),
    count: byUrl.size,
    meanLength: columns.meanLength,
  };
}

/** The corpus as the worker holds it: records made from the columns, the index as views into the packed arrays. */
export function takeIn({ records: columns, index, sections }: SnapshotLayout): CorpusParts {
  const { texts, fields, objectIDs, contents, keywords, weights } = columns;
  const text = (id: number): string | null => (id === NONE ? null : (texts[id] as string));
  const records: SearchRecord[] = objectIDs.map((objectID, i) => {
    const at = i * FIELDS_PER_RECORD;
    const level = at + TEXT_FIELDS.length;
    const own = keywords[i];
    // The same fields in the same order as records.ts's checkRecord: the same object shapes.
    return {
      objectID,
      type: text(fields[at] as number) as SearchRecord['type'],
      hierarchy: {
        lvl0: text(fields[level] as number),
        lvl1: text(fields[level + 1] as number),
        lvl2: text(fields[level + 2] as number),
        lvl3: text(fields[level + 3] as number),
        lvl4: text(fields[level + 4] as number),
        lvl5: text(fields[level + 5] as number),
        lvl6: text(fields[level + 6] as number),
      },
      content: contents[i] as string | null,
      ...(own ? { keywords: own } : {}),
      url: text(fields[at + 1] as number) as string,
      url_without_anchor: text(fields[at + 2] as number) as string,
      anchor: text(fields[at + 3] as number),
      weight: {
        pageRank: weights[i * 3] as number,
        level: weights[i * 3 + 1] as number,
        position: weights[i * 3 + 2] as number,
      },
      language: text(fields[at + 4] as number) as string,
      docusaurus_tag: text(fields[at + 5] as number) as string,
      access: text(fields[at + 6] as number) as SearchRecord['access'],
    };
  });
  return { records, index: unpackIndex(index, text), sections: takeInSections(sections, text) };
}

function unpackIndex(
  {
    postingIds,
    postingAttributes,
    postingEnds,
    termIds,
    positions,
    starts,
    startsPerRecord,
    singleWords,
    attributesPerRecord,
    ...rest
  }: PackedIndex,
  text: (id: number) => string | null,
): IndexData {
  const postings: Posting[] = [];
  let from = 0;
  postingEnds.forEach((end, termId) => {
    postings.push({ termId, ids: postingIds.subarray(from, end), attributes: postingAttributes.subarray(from, end) });
    from = end;
  });
  const recordTerms: RecordTerms[] = [];
  const singleWord: (string | null)[][] = [];
  from = 0;
  for (let record = 0; record < rest.urlIds.length; record++) {
    const own = starts.subarray(record * startsPerRecord, (record + 1) * startsPerRecord);
    const end = from + (own[startsPerRecord - 1] as number);
    recordTerms.push({ termIds: termIds.subarray(from, end), positions: positions.subarray(from, end), starts: own });
    from = end;
    const words: (string | null)[] = [];
    for (let a = 0; a < attributesPerRecord; a++)
      words.push(text(singleWords[record * attributesPerRecord + a] as number));
    singleWord.push(words);
  }
  return { ...rest, postings, recordTerms, singleWord };
}

/** The parts one after the other, in one typed array of their type. */
function concat<T extends Uint32Array | Uint16Array>(parts: readonly T[], Type: new (length: number) => T): T {
  const all = new Type(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
