import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkSynonyms,
  isAccessLevel,
  SEARCH_LEVELS,
  SEARCH_RECORDS_FILE,
  SEARCH_SYNONYMS_FILE,
  type SearchLevel,
  type SearchRecord,
  type SynonymGroups,
  sitePath,
} from '@tala/policy';
import { RecordsError } from '../errors.ts';

/**
 * The records the site build wrote (format: @tala/policy search-records.ts). In memory, `url` and
 * `url_without_anchor` are site-relative ("/studio/flows/#triggers"): the build's origin is not the
 * portal's, so responses make them absolute.
 */
export const LEVELS = SEARCH_LEVELS;
export type Level = SearchLevel;
export type { SearchRecord };
export { SEARCH_RECORDS_FILE, SEARCH_SYNONYMS_FILE, type SynonymGroups };

/**
 * One copy of each repeated text, and each address made site-relative once. JSON.parse gives
 * every record its own copy of its page's title, headings and address (a page's records share
 * them, a section's records their anchor's address), and every search worker keeps every record:
 * at 521 pages the shared copies were 44 % of the records' heap (17.0 → 9.6 MiB;
 * docs/decisions/growth-with-content.md, eighth run).
 */
interface SharedTexts {
  intern<T extends string>(text: T): T;
  /** "http://localhost:3000/a/#b" → "/a/#b": the build's origin is not the portal's. */
  relative(url: unknown): string;
}

function sharedTexts(): SharedTexts {
  const seen = new Map<string, string>();
  const relatives = new Map<string, string>();
  const intern = <T extends string>(text: T): T => {
    const known = seen.get(text);
    if (known !== undefined) return known as T;
    seen.set(text, text);
    return text;
  };
  return {
    intern,
    relative(url) {
      if (typeof url !== 'string') throw new RecordsError('a record has no url');
      let relative = relatives.get(url);
      if (relative === undefined) {
        relative = intern(sitePath(url));
        relatives.set(url, relative);
      }
      return relative;
    },
  };
}

function checkRecord(raw: unknown, index: number, { intern, relative }: SharedTexts): SearchRecord {
  const record = raw as Partial<SearchRecord> | null;
  const problem = (what: string) => new RecordsError(`record ${index}: ${what}`);
  if (!record || typeof record !== 'object') throw problem('not an object');
  if (typeof record.objectID !== 'string') throw problem('objectID missing');
  if (!isAccessLevel(record.access)) throw problem(`access "${String(record.access)}" is not an access level`);
  if (!record.hierarchy || typeof record.hierarchy !== 'object') throw problem('hierarchy missing');
  const hierarchy = {} as Record<Level, string | null>;
  for (const level of LEVELS) {
    const value = record.hierarchy[level];
    hierarchy[level] = typeof value === 'string' ? intern(value) : null;
  }
  return {
    objectID: record.objectID,
    type: intern(record.type ?? 'content'),
    hierarchy,
    content: typeof record.content === 'string' ? record.content : null,
    ...keywordsOf(record.keywords, problem),
    url: relative(record.url),
    url_without_anchor: relative(record.url_without_anchor ?? record.url),
    anchor: record.anchor ?? null,
    weight: {
      pageRank: Number(record.weight?.pageRank ?? 0),
      level: Number(record.weight?.level ?? 0),
      position: Number(record.weight?.position ?? 0),
    },
    language: intern(record.language ?? 'en'),
    docusaurus_tag: intern(record.docusaurus_tag ?? 'default'),
    access: record.access,
  };
}

function keywordsOf(raw: unknown, problem: (what: string) => Error): Pick<SearchRecord, 'keywords'> {
  if (raw === undefined || raw === null) return {};
  if (!Array.isArray(raw) || raw.some((k) => typeof k !== 'string')) throw problem('keywords is not a list of strings');
  return raw.length > 0 ? { keywords: raw as string[] } : {};
}

export function parseRecords(json: string): SearchRecord[] {
  const data: unknown = JSON.parse(json);
  if (!Array.isArray(data)) throw new RecordsError('the records file does not hold an array');
  const shared = sharedTexts();
  return data.map((record, index) => checkRecord(record, index, shared));
}

/** The build's records; a missing file means a build without search (an error the caller reports). */
export async function loadRecords(buildDir: string): Promise<SearchRecord[]> {
  const file = path.join(buildDir, SEARCH_RECORDS_FILE);
  let json: string;
  try {
    json = await readFile(file, 'utf8');
  } catch (error) {
    throw new RecordsError(`cannot read ${file}: run the site build (npm run build) first`, { cause: error });
  }
  return parseRecords(json);
}

/** The build's synonym groups; none when the build has no synonyms file (an older build). */
export async function loadSynonyms(buildDir: string): Promise<SynonymGroups> {
  const file = path.join(buildDir, SEARCH_SYNONYMS_FILE);
  let json: string;
  try {
    json = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new RecordsError(`cannot read ${file}`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new RecordsError(`${file} is not JSON`, { cause: error });
  }
  const checked = checkSynonyms(data);
  if ('error' in checked) throw new RecordsError(`${file}: ${checked.error}`);
  return checked.groups;
}
