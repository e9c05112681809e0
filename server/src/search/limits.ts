import { PORTAL_DEFAULTS } from '@tala/policy';
import type { QueryParams } from './params.ts';

/**
 * What one search request may ask for. Algolia's own limits where it has them (hitsPerPage ≤ 1,000,
 * `paginationLimitedTo` 1,000); the rest keeps one request small enough that no reader can make the
 * server spend seconds or tens of MB on it. DocSearch's modal asks for 1 query of 20 hits, the
 * /search/ page for 1–2 queries of 10 hits: far inside every bound.
 */
export const SEARCH_LIMITS = {
  /** Queries in one multi-query body (InstantSearch sends one per refined facet, plus one). */
  queriesPerBody: 10,
  /** Algolia's hitsPerPage maximum. */
  hitsPerPage: 1000,
  /** Algolia's default `paginationLimitedTo`: hits past this position are never returned. */
  paginationLimit: 1000,
  /** Hits one body may rank and shape, over all its queries (see `costOf`). */
  hitsPerBody: 1000,
  /** Highlight tags and the snippet ellipsis are repeated around every match. */
  tagLength: 64,
  /** facetFilters entries plus filters terms, per query. */
  filterTerms: 32,
  /** Facets counted per query, and attribute names in any attribute list. */
  facets: 8,
  attributes: 32,
} as const;

/** Counting facets ranks every match, however few hits are returned: it costs a page of this size. */
export const FACET_COST = 200;

/**
 * The work one query asks for, in hits: those ranked up to the requested page (capped by the
 * pagination limit), plus the facet counting. A body whose queries add up to more than
 * `hitsPerBody` is refused before any ranking starts.
 */
export function costOf(query: QueryParams): number {
  const ranked = Math.min(query.page * query.hitsPerPage + query.hitsPerPage, SEARCH_LIMITS.paginationLimit);
  return Math.max(1, ranked) + (query.facets.length > 0 ? FACET_COST : 0);
}

/** Requests above this cost count against the reader's heavy-search allowance (rate limit). */
export const HEAVY_COST = 100;

/** Search requests per reader per minute (the defaults of SEARCH_RATE_PER_MINUTE and the heavy budget). */
export const SEARCH_RATE = PORTAL_DEFAULTS.search.rate;
