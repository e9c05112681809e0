/**
 * `weight.pageRank` of a page's records: the custom ranking's first criterion, so when two records
 * match a query equally well, the page a reader most likely wants wins. Written guides and
 * references first; generated API operation pages next (specific, one operation each); generated
 * category indexes and release notes last (they mention everything, and explain little).
 */
const RULES: readonly { readonly pattern: RegExp; readonly rank: number }[] = [
  { pattern: /^\/(?:on-prem\/)?category\//, rank: 0 },
  { pattern: /^\/home\/tala-/, rank: 0 },
  { pattern: /^\/(?:reference\/apis|on-prem\/apis)\/[^/]+\/[^/]+\/[^/]+\/$/, rank: 1 },
];

export const DEFAULT_PAGE_RANK = 2;

export function pageRankOf(pathname: string): number {
  return RULES.find((rule) => rule.pattern.test(pathname))?.rank ?? DEFAULT_PAGE_RANK;
}
