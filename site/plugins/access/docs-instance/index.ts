import path from 'node:path';
import pluginContentDocs, {
  type LoadedContent,
  type PluginOptions,
  validateOptions,
} from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin, RouteConfig } from '@docusaurus/types';
import { withCardDescriptions } from './card-descriptions';
import { leanGlobalData } from './lean-global-data';
import { withLeanSidebars } from './lean-sidebars';
import { withSidebarGroups } from './sidebar-groups';

/**
 * The official docs plugin, used for both docs instances (the public docs and the gated on-prem
 * section), with one change: the global data that every page loads (it sits in the main bundle,
 * which even the login screen needs) carries ids and paths only, no page text and no list of
 * every doc (lean-global-data.ts).
 *
 * Reach-in (docs/upgrading.md, "Docs plugin global data"). Why: the docs plugin has no option to
 * leave labels or the doc list out of its global data, and the gate cannot redact the main bundle
 * (public: the login screen loads it). So `actions.setGlobalData` is intercepted on the way out of
 * the official `contentLoaded`. What breaks on upgrade:
 * - the plugin stops calling `actions.setGlobalData` from the `actions` it is given in
 *   `contentLoaded` (another hook, a cached reference, no `contentLoaded`: this wrapper then returns
 *   the plugin unchanged): the first on-prem sidebar label reaches every visitor again;
 * - the global data gains a field carrying page text (a doc title, a sidebar label, a
 *   description): lean-global-data.ts only knows `versions[].docs` and `sidebars[].link.label`.
 * Guarded by __tests__/upgrade-smoke.test.ts, which runs this plugin on a page with a secret title
 * and checks both; the canary build test catches a leak too, more slowly.
 *
 * The routes it adds pass through `actions.addRoute` the same way, after the plugin's own
 * `contentLoaded` (they are buffered, as writing a sidebar group's module is asynchronous): the
 * version props lose their doc map (card-descriptions.ts), their links' ids (lean-sidebars.ts) and
 * then their sidebars, which become a module per group of pages (sidebar-groups.ts).
 */
export default async function docsInstance(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await pluginContentDocs(context, options);
  const { contentLoaded } = plugin;
  if (!contentLoaded) return plugin;
  return {
    ...plugin,
    // The DocVersionRoot that reads the sidebar groups (theme/): it goes with the plugin that writes them.
    getThemePath: () => path.join(__dirname, 'theme'),
    async contentLoaded(args) {
      const setGlobalData = (data: unknown) => args.actions.setGlobalData(leanGlobalData(data));
      const routes: RouteConfig[] = [];
      const addRoute: typeof args.actions.addRoute = (route) => routes.push(route);
      await contentLoaded.call(plugin, { ...args, actions: { ...args.actions, setGlobalData, addRoute } });
      // The cards' descriptions are found by the sidebar links' doc ids, before the sidebars lose them;
      // then the sidebars leave the version props for a module per group of pages.
      for (const route of routes) {
        const lean = withLeanSidebars(withCardDescriptions(route));
        args.actions.addRoute(await withSidebarGroups(lean, options.id, args.actions.createData));
      }
    },
  };
}

export { validateOptions };
