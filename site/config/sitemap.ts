import type { Options } from '@docusaurus/plugin-sitemap';

/** The sitemap names no on-prem URL and none of the portal's own screens. */
export const sitemapOptions: Options = {
  ignorePatterns: ['/on-prem/**', '/Login/', '/403/', '/search/'],
};
