import type { Options } from '@docusaurus/plugin-sitemap';
import { FORBIDDEN_ROUTE, LOGIN_ROUTE, MCP_ROUTES, SEARCH_ROUTE } from '@tala/policy';

/** The sitemap names no on-prem URL and none of the portal's own screens. */
export const sitemapOptions: Options = {
  ignorePatterns: ['/on-prem/**', LOGIN_ROUTE, FORBIDDEN_ROUTE, SEARCH_ROUTE, `${MCP_ROUTES.consent}**`],
};
