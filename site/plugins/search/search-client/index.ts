import { existsSync } from 'node:fs';
import type { LoadContext, Plugin } from '@docusaurus/types';

/**
 * Points the theme's /search/ page at the portal (DESIGN §5): in the browser bundle,
 * `algoliasearch/lite` becomes src/search/lite-client.ts, which wraps the real module (reachable,
 * in both bundles, as `@tala/algoliasearch-lite-upstream`). The server-side render never searches,
 * so it keeps the real module. The modal does not need this: our SearchBar passes
 * `transformSearchClient`.
 *
 * Reach-in (docs/upgrading.md, "algoliasearch/lite alias"). Why: the theme's SearchPage
 * (@docusaurus/theme-search-algolia, lib/theme/SearchPage) builds `liteClient(appId, apiKey)` with
 * Algolia's hosts and offers no option to change them, and swizzling the whole page would be a far
 * larger fork. What breaks on upgrade, silently unless caught:
 * - the SearchPage stops importing `liteClient` from exactly `algoliasearch/lite` (another module,
 *   another export name, or its own client): the alias no longer catches it and /search/ queries
 *   Algolia's hosts with the placeholder key (the reader sees the error message);
 * - algoliasearch moves its builds: `algoliasearch/lite` resolved from the theme (the `node` export
 *   condition, since this runs in Node) must end in `builds/node.js|cjs` with `builds/browser.js`
 *   beside it; otherwise the browser bundle would get the Node build (checked below, at build time);
 * - lite-client.ts re-exports `*` from the real module, so a new named export the page uses is kept.
 * Guarded by site/plugins/search/search-client/__tests__/upgrade-smoke.test.ts.
 */
export default function searchClientPlugin(context: LoadContext): Plugin {
  const { server, browser } = upstreamLiteBuilds();
  return {
    name: 'tala-search-client',
    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            '@tala/algoliasearch-lite-upstream': isServer ? server : browser,
            ...(isServer ? {} : { 'algoliasearch/lite': `${context.siteDir}/src/search/lite-client.ts` }),
          },
        },
      };
    },
  };
}

/**
 * The real `algoliasearch/lite` as the theme resolves it: its Node build (for the server bundle)
 * and the browser build beside it. Fails the build when algoliasearch no longer lays them out so.
 */
export function upstreamLiteBuilds(): { server: string; browser: string } {
  const server = require.resolve('algoliasearch/lite', {
    paths: [require.resolve('@docusaurus/theme-search-algolia')],
  });
  const browser = server.replace(/builds[/\\]node\.c?js$/, 'builds/browser.js');
  if (browser === server || !existsSync(browser)) {
    throw new Error(
      `[tala] search-client: algoliasearch/lite resolved to ${server}, with no builds/browser.js beside it. ` +
        'Did algoliasearch change its layout? See docs/upgrading.md ("algoliasearch/lite alias").',
    );
  }
  return { server, browser };
}
