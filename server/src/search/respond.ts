import { randomBytes } from 'node:crypto';
import type { AccessLevel } from '@tala/policy';
import { attributeText, type Criteria, type EngineResult, FACETABLE, facetValue, type SearchEngine } from './engine.ts';
import {
  type Analysis,
  analyse,
  type HighlightResult,
  type HighlightTags,
  highlight,
  type SnippetResult,
  snippet,
  type WordMatcher,
  wordMatcher,
} from './highlight.ts';
import { SEARCH_LIMITS } from './limits.ts';
import type { QueryParams } from './params.ts';
import { LEVELS, type Level, type SearchRecord } from './records.ts';
import { term } from './text.ts';

/** One result of a multi-query response, in Algolia's shape (the fields DocSearch and the helper read). */
export interface SearchResponse {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: true;
  exhaustive: { nbHits: true; typo: true };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  facets?: Record<string, Record<string, number>>;
  queryID?: string;
  renderingContent: Record<string, never>;
}

/** Record fields a hit may carry; `access` stays on the server. */
const RETRIEVABLE = [
  'objectID',
  'type',
  'hierarchy',
  'content',
  'url',
  'url_without_anchor',
  'anchor',
  'weight',
  'language',
  'docusaurus_tag',
] as const;

export interface RespondOptions {
  engine: SearchEngine;
  allowed: ReadonlySet<AccessLevel>;
  /** The portal's origin: hit URLs are absolute, as DocSearch expects. */
  origin: string;
}

export function respond(params: QueryParams, { engine, allowed, origin }: RespondOptions): SearchResponse {
  const started = performance.now();
  const first = params.page * params.hitsPerPage;
  // Algolia's paginationLimitedTo: no hit past this position, whatever page is asked for.
  const end = Math.min(first + params.hitsPerPage, SEARCH_LIMITS.paginationLimit);
  const result = engine.search({
    query: params.query,
    allowed,
    filters: [...params.facetFilters, ...params.filters],
    // Facet counts are over every hit; otherwise only the hits up to the requested page are ranked.
    ...(params.facets.length > 0 ? {} : { limit: end }),
  });
  const { hits, nbHits } = result;
  // Once per query: how words match, and the tags to mark them with.
  const shaping: Shaping = {
    result,
    params,
    origin,
    matcher: wordMatcher(result.queryTerms, term, result.relation),
    tags: { pre: params.highlightPreTag, post: params.highlightPostTag, ellipsis: params.snippetEllipsisText },
    marked: new Map(),
    analysed: new Map(),
  };
  const response: SearchResponse = {
    hits: hits.slice(first, Math.max(first, end)).map(({ record, criteria }) => hitOf(record, criteria, shaping)),
    nbHits,
    page: params.page,
    nbPages:
      params.hitsPerPage === 0 ? 0 : Math.ceil(Math.min(nbHits, SEARCH_LIMITS.paginationLimit) / params.hitsPerPage),
    hitsPerPage: params.hitsPerPage,
    exhaustiveNbHits: true,
    exhaustive: { nbHits: true, typo: true },
    query: params.query,
    params: params.echo,
    index: params.indexName,
    processingTimeMS: 0,
    renderingContent: {},
  };
  if (params.facets.length > 0)
    response.facets = facetCounts(
      hits.map((h) => h.record),
      params.facets,
    );
  if (params.clickAnalytics) response.queryID = randomBytes(16).toString('hex');
  response.processingTimeMS = Math.round(performance.now() - started);
  return response;
}

function facetCounts(records: readonly SearchRecord[], requested: readonly string[]) {
  const attributes = requested.includes('*') ? FACETABLE : requested;
  const facets: Record<string, Record<string, number>> = {};
  for (const attribute of attributes) {
    const counts: Record<string, number> = {};
    for (const record of records) {
      const value = facetValue(record, attribute);
      if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
    }
    facets[attribute] = counts;
  }
  return facets;
}

const wants = (list: readonly string[], attribute: string) =>
  list.includes('*') || list.includes(attribute) || (attribute.startsWith('hierarchy.') && list.includes('hierarchy'));

interface Shaping {
  result: EngineResult;
  params: QueryParams;
  origin: string;
  matcher: WordMatcher;
  tags: HighlightTags;
  /**
   * Highlights and snippets already made for this query, by text: the hits of one page repeat
   * its section and title (lvl0, lvl1), marked once instead of once per hit.
   */
  marked: Map<string, HighlightResult | SnippetResult>;
  /** Each text's words and matches, shared by its highlight and its snippet. */
  analysed: Map<string, Analysis>;
}

function analysisOf({ analysed, matcher }: Shaping, text: string): Analysis {
  let found = analysed.get(text);
  if (found === undefined) {
    found = analyse(text, matcher);
    analysed.set(text, found);
  }
  return found;
}

function once<T extends HighlightResult | SnippetResult>(marked: Shaping['marked'], key: string, make: () => T): T {
  let found = marked.get(key) as T | undefined;
  if (found === undefined) {
    found = make();
    marked.set(key, found);
  }
  return found;
}

function hitOf(record: SearchRecord, criteria: Criteria, shaping: Shaping) {
  const { result, params, origin, matcher, tags, marked } = shaping;
  const retrieve = params.attributesToRetrieve ?? ['*'];
  const hit: Record<string, unknown> = {};
  for (const field of RETRIEVABLE) {
    if (
      field !== 'objectID' &&
      !wants(retrieve, field) &&
      !(field === 'hierarchy' && retrieve.some((a) => a.startsWith('hierarchy.')))
    )
      continue;
    const value = record[field];
    hit[field] = field === 'url' || field === 'url_without_anchor' ? `${origin}${value as string}` : value;
  }
  if (hit.hierarchy && !wants(retrieve, 'hierarchy')) {
    hit.hierarchy = Object.fromEntries(
      LEVELS.filter((l) => wants(retrieve, `hierarchy.${l}`)).map((l) => [l, record.hierarchy[l]]),
    );
  }
  const highlighted: Record<string, unknown> = {};
  const hierarchy: Partial<Record<Level, HighlightResult>> = {};
  for (const level of LEVELS) {
    const text = record.hierarchy[level];
    // No null levels: the search page takes the last key as the hit's title.
    if (text !== null && wants(params.attributesToHighlight, `hierarchy.${level}`)) {
      hierarchy[level] = once(marked, `h:${text}`, () =>
        highlight(text, matcher, result.queryWords, tags, analysisOf(shaping, text)),
      );
    }
  }
  if (Object.keys(hierarchy).length > 0) highlighted.hierarchy = hierarchy;
  if (record.content !== null && wants(params.attributesToHighlight, 'content')) {
    const content = record.content;
    highlighted.content = once(marked, `h:${content}`, () =>
      highlight(content, matcher, result.queryWords, tags, analysisOf(shaping, content)),
    );
  }
  if (Object.keys(highlighted).length > 0) hit._highlightResult = highlighted;
  const snippets: Record<string, unknown> = {};
  const snippetHierarchy: Partial<Record<Level, SnippetResult>> = {};
  for (const { attribute, words } of params.attributesToSnippet) {
    const fields = attribute === 'hierarchy' ? LEVELS.map((l) => `hierarchy.${l}`) : [attribute];
    for (const field of fields) {
      const name = field.replace(/^hierarchy\./, '') as Level | 'content';
      const text = field === 'content' ? record.content : attributeText(record, name);
      if (text === null || text === undefined) continue;
      const value = once(marked, `s${words}:${text}`, () =>
        snippet(text, words, matcher, result.queryWords, tags, analysisOf(shaping, text)),
      );
      if (field === 'content') snippets.content = value;
      else snippetHierarchy[name as Level] = value;
    }
  }
  if (Object.keys(snippetHierarchy).length > 0) snippets.hierarchy = snippetHierarchy;
  if (Object.keys(snippets).length > 0) hit._snippetResult = snippets;
  if (params.getRankingInfo) {
    hit._rankingInfo = {
      nbTypos: criteria.typos,
      words: criteria.words,
      firstMatchedWord: criteria.attribute * 1000,
      proximityDistance: criteria.proximity,
      nbExactWords: criteria.exact,
      userScore: record.weight.pageRank,
    };
  }
  return hit;
}
