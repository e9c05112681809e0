import type { AccessLevel } from './access.ts';

/**
 * The search records file: written by the site build (`site/plugins/search/search-index`), read by the
 * gate's search engine and by `search:push`. DocSearch's record format plus the access level of the
 * page each record comes from, which the engine filters on before ranking.
 */
export const SEARCH_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type SearchLevel = (typeof SEARCH_LEVELS)[number];
export type SearchRecordType = Exclude<SearchLevel, 'lvl0'> | 'content';

export interface SearchRecord {
  objectID: string;
  type: SearchRecordType;
  hierarchy: Record<SearchLevel, string | null>;
  content: string | null;
  /**
   * The page's front-matter `keywords` (task phrasings and everyday words that writers give a
   * page), on its title record (`lvl1`) only; absent elsewhere and on pages without them.
   */
  keywords?: readonly string[];
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  weight: { pageRank: number; level: number; position: number };
  language: string;
  docusaurus_tag: string;
  access: AccessLevel;
}

/** Where the records live inside the build output. Dotfiles are never served. */
export const SEARCH_RECORDS_FILE = '.search-records.json';

/**
 * `build/.api-operations.json` (a dotfile: never served): each generated API operation page by its
 * API and operationId, for the MCP tool `get_api_operation`, which serves the page's Markdown
 * after the same level check as `read_page`.
 */
export const API_OPERATIONS_FILE = '.api-operations.json';
export interface ApiOperationEntry {
  api: string;
  operationId: string;
  method: string;
  path: string;
  /** The page's route, e.g. `/reference/apis/studio/publish-environments/publish/`. */
  route: string;
}

/**
 * Synonyms, Algolia's "regular" kind: every entry of a group finds the others, as an exact match.
 * An entry is a word or a phrase of up to MAX_SYNONYM_WORDS words ("talk to a human" ↔
 * "handover"). Written by docs writers in `site/search/synonyms.yml`, copied into the build by the
 * indexer, read by the gate's engine and pushed to Algolia by `search:push`.
 */
export type SynonymGroups = readonly (readonly string[])[];
export const SEARCH_SYNONYMS_FILE = '.search-synonyms.json';
export const MAX_SYNONYM_WORDS = 6;
const SYNONYM_ENTRY = /^[\p{L}\p{N}_]+(?: [\p{L}\p{N}_]+)*$/u;

/**
 * The groups of a synonyms file, or an error message saying what is wrong and in which group
 * (`group`: its index, so the build can name the line).
 */
export function checkSynonyms(value: unknown): { groups: string[][] } | { error: string; group?: number } {
  if (!Array.isArray(value)) return { error: 'expected a list of groups, each a list of words' };
  const groups: string[][] = [];
  for (const [i, group] of value.entries()) {
    if (!Array.isArray(group) || group.length < 2)
      return { error: `group ${i + 1}: expected a list of at least two words`, group: i };
    const words: string[] = [];
    for (const entry of group) {
      const text = typeof entry === 'string' ? entry.trim().replace(/\s+/g, ' ') : null;
      if (text === null || !SYNONYM_ENTRY.test(text)) {
        return {
          error: `group ${i + 1}: "${String(entry)}" is not a word or a phrase of words (letters, digits, "_", spaces)`,
          group: i,
        };
      }
      if (text.split(' ').length > MAX_SYNONYM_WORDS) {
        return { error: `group ${i + 1}: "${text}" has more than ${MAX_SYNONYM_WORDS} words`, group: i };
      }
      words.push(text.toLowerCase());
    }
    groups.push(words);
  }
  return { groups };
}
