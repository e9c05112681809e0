import type { AccessLevel } from './access.ts';

/**
 * The search records file: written by the site build (`site/plugins/search-index`), read by the
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
