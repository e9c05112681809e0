import { PORTAL_DEFAULTS } from '@tala/policy';
import { QueryError } from '../errors.ts';
import { parseJsonText } from '../http/json-body.ts';
import type { FilterGroups } from './engine.ts';
import { costOf, FACET_COST, SEARCH_LIMITS } from './limits.ts';

/**
 * One query of a multi-query request, as DocSearch, algoliasearch-helper and the Algolia clients
 * send it: parameters flat on the request (`{indexName, query, hitsPerPage…}`, client v5) or in
 * `params`, as a URL-encoded string (client v4) or an object.
 */
export interface QueryParams {
  indexName: string;
  query: string;
  page: number;
  hitsPerPage: number;
  facetFilters: FilterGroups;
  filters: FilterGroups;
  facets: string[];
  attributesToRetrieve: string[] | null;
  attributesToHighlight: string[];
  attributesToSnippet: { attribute: string; words: number }[];
  highlightPreTag: string;
  highlightPostTag: string;
  snippetEllipsisText: string;
  clickAnalytics: boolean;
  getRankingInfo: boolean;
  /** The parameters as received, URL-encoded: echoed in the response's `params`. */
  echo: string;
}

/** The index settings of DocSearch's Docusaurus template, used where a query does not say. */
export const INDEX_DEFAULTS = {
  hitsPerPage: 20,
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  highlightPreTag: PORTAL_DEFAULTS.search.highlightPreTag,
  highlightPostTag: PORTAL_DEFAULTS.search.highlightPostTag,
  // Algolia's default is "…", but the theme's /search/ page appends "..." to every snippet itself
  // ("from……"); the modal sends its own "…". The Algolia index gets the same (search:push).
  snippetEllipsisText: '',
} as const;

type Raw = Record<string, unknown>;

/** `params: "query=a&hitsPerPage=5&facetFilters=%5B…%5D"` → an object; JSON values decoded. */
function decodeParamString(params: string): Raw {
  const out: Raw = {};
  for (const [key, value] of new URLSearchParams(params)) {
    out[key] = /^[[{]/.test(value) ? parseJson(value, key) : value;
  }
  return out;
}

/** Depth-limited (http/json-body.ts); a bad value is this query's 400 in Algolia's shape. */
function parseJson(text: string, what: string): unknown {
  try {
    return parseJsonText(text, what);
  } catch (error) {
    throw new QueryError((error as Error).message);
  }
}

function asString(raw: Raw, key: string, fallback: string, maxLength = 512): string {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new QueryError(`${key}: expected a string`);
  if (value.length > maxLength) throw new QueryError(`${key}: at most ${maxLength} characters`);
  return value;
}

function asInteger(raw: Raw, key: string, fallback: number, max: number): number {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > max) {
    throw new QueryError(`${key}: expected an integer between 0 and ${max}`);
  }
  return number;
}

function asBoolean(raw: Raw, key: string): boolean {
  const value = raw[key];
  return value === true || value === 'true';
}

function asList(raw: Raw, key: string, fallback: readonly string[]): string[] {
  let value = raw[key];
  if (value === undefined || value === null) return [...fallback];
  if (typeof value === 'string') value = value.startsWith('[') ? parseJson(value, key) : value.split(',');
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new QueryError(`${key}: expected a list of strings`);
  }
  if (value.length > SEARCH_LIMITS.attributes)
    throw new QueryError(`${key}: at most ${SEARCH_LIMITS.attributes} entries`);
  return value.map((v) => v.trim()).filter(Boolean);
}

function facetEntry(entry: unknown, key: string) {
  if (typeof entry !== 'string') throw new QueryError(`${key}: expected "attribute:value" strings`);
  const negated = entry.startsWith('-');
  const body = negated ? entry.slice(1) : entry;
  const colon = body.indexOf(':');
  if (colon <= 0) throw new QueryError(`${key}: "${entry}" is not "attribute:value"`);
  return {
    attribute: body.slice(0, colon).trim(),
    value: body
      .slice(colon + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1'),
    negated,
  };
}

/** facetFilters: "a:b", ["a:b", "c:d"] (and), [["a:b", "a:c"], "d:e"] (or inside, and across). */
export function parseFacetFilters(value: unknown): FilterGroups {
  if (value === undefined || value === null) return [];
  const parsed = typeof value === 'string' && value.startsWith('[') ? parseJson(value, 'facetFilters') : value;
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((group) =>
    Array.isArray(group) ? group.map((e) => facetEntry(e, 'facetFilters')) : [facetEntry(group, 'facetFilters')],
  );
}

/**
 * filters: the subset the portal needs, "a:b", "a:b OR a:c", joined by AND, with parentheses
 * around OR groups (what a secured API key carries). Anything else is refused, not guessed at.
 */
export function parseFilters(value: unknown): FilterGroups {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value !== 'string') throw new QueryError('filters: expected a string');
  if (value.length > 2048) throw new QueryError('filters: at most 2048 characters');
  return value.split(/\s+AND\s+/).map((group) => {
    const inner = group.trim().replace(/^\((.*)\)$/, '$1');
    return inner.split(/\s+OR\s+/).map((entry) => {
      if (!/^-?[\w.]+:("[^"]*"|[^\s()"]+)$/.test(entry.trim())) {
        throw new QueryError(`filters: "${entry.trim()}" is not supported (use attribute:value, OR, AND)`);
      }
      return facetEntry(entry.trim(), 'filters');
    });
  });
}

function snippetSpec(entry: string) {
  const [attribute = '', words] = entry.split(':');
  const count = words === undefined ? 10 : Number(words);
  if (!Number.isInteger(count) || count < 1 || count > 100) throw new QueryError(`attributesToSnippet: bad "${entry}"`);
  return { attribute: attribute.trim(), words: count };
}

export function parseQuery(request: unknown): QueryParams {
  if (!request || typeof request !== 'object' || Array.isArray(request)) {
    throw new QueryError('each request must be an object');
  }
  const { params, ...flat } = request as Raw;
  const nested =
    typeof params === 'string'
      ? decodeParamString(params)
      : params && typeof params === 'object'
        ? (params as Raw)
        : {};
  const raw: Raw = { ...nested, ...flat };
  const indexName = asString(raw, 'indexName', '');
  if (!indexName) throw new QueryError('indexName is required');
  const facetFilters = parseFacetFilters(raw.facetFilters);
  const filters = parseFilters(raw.filters);
  const terms = [...facetFilters, ...filters].reduce((n, group) => n + group.length, 0);
  if (terms > SEARCH_LIMITS.filterTerms) {
    throw new QueryError(`facetFilters and filters: at most ${SEARCH_LIMITS.filterTerms} terms per query`);
  }
  const facets = asList(raw, 'facets', []);
  if (facets.length > SEARCH_LIMITS.facets) throw new QueryError(`facets: at most ${SEARCH_LIMITS.facets}`);
  const echo = new URLSearchParams(
    Object.entries(raw)
      .filter(([key]) => key !== 'indexName')
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  ).toString();
  return {
    indexName,
    query: asString(raw, 'query', ''),
    page: asInteger(raw, 'page', 0, SEARCH_LIMITS.paginationLimit),
    hitsPerPage: asInteger(raw, 'hitsPerPage', INDEX_DEFAULTS.hitsPerPage, SEARCH_LIMITS.hitsPerPage),
    facetFilters,
    filters,
    facets,
    attributesToRetrieve: raw.attributesToRetrieve === undefined ? null : asList(raw, 'attributesToRetrieve', []),
    attributesToHighlight: asList(raw, 'attributesToHighlight', INDEX_DEFAULTS.attributesToHighlight),
    attributesToSnippet: asList(raw, 'attributesToSnippet', INDEX_DEFAULTS.attributesToSnippet).map(snippetSpec),
    highlightPreTag: asString(raw, 'highlightPreTag', INDEX_DEFAULTS.highlightPreTag, SEARCH_LIMITS.tagLength),
    highlightPostTag: asString(raw, 'highlightPostTag', INDEX_DEFAULTS.highlightPostTag, SEARCH_LIMITS.tagLength),
    snippetEllipsisText: asString(
      raw,
      'snippetEllipsisText',
      INDEX_DEFAULTS.snippetEllipsisText,
      SEARCH_LIMITS.tagLength,
    ),
    clickAnalytics: asBoolean(raw, 'clickAnalytics'),
    getRankingInfo: asBoolean(raw, 'getRankingInfo'),
    echo,
  };
}

/** The body of `POST /1/indexes/*\/queries`: `{requests: [...]}`, as JSON text or parsed. */
export function parseMultiQuery(body: unknown): QueryParams[] {
  const parsed = typeof body === 'string' ? parseJson(body, 'body') : body;
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as Raw).requests)) {
    throw new QueryError('body must be {"requests": [...]}');
  }
  const requests = (parsed as { requests: unknown[] }).requests;
  if (requests.length === 0) throw new QueryError('requests is empty');
  if (requests.length > SEARCH_LIMITS.queriesPerBody) {
    throw new QueryError(`at most ${SEARCH_LIMITS.queriesPerBody} requests per call`);
  }
  const queries = requests.map(parseQuery);
  const cost = queries.reduce((sum, query) => sum + costOf(query), 0);
  if (cost > SEARCH_LIMITS.hitsPerBody) {
    throw new QueryError(
      `This call asks for ${cost} hits (pages × hitsPerPage, facets count ${FACET_COST}); at most ${SEARCH_LIMITS.hitsPerBody} per call.`,
    );
  }
  return queries;
}
