import type { LoadContext, Plugin } from '@docusaurus/types';

/**
 * Points the theme's /search/ page at the portal (DESIGN §5): in the browser bundle,
 * `algoliasearch/lite` becomes src/search/lite-client.ts, which wraps the real module (reachable,
 * in both bundles, as `@tala/algoliasearch-lite-upstream`). The server-side render never searches,
 * so it keeps the real module. The modal does not need this: our SearchBar passes
 * `transformSearchClient`.
 */
export default function searchClientPlugin(context: LoadContext): Plugin {
  const upstream = require.resolve('algoliasearch/lite', {
    paths: [require.resolve('@docusaurus/theme-search-algolia')],
  });
  return {
    name: 'tala-search-client',
    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            '@tala/algoliasearch-lite-upstream': isServer
              ? upstream
              : upstream.replace(/builds[/\\]node\.c?js$/, 'builds/browser.js'),
            ...(isServer ? {} : { 'algoliasearch/lite': `${context.siteDir}/src/search/lite-client.ts` }),
          },
        },
      };
    },
  };
}
