import pluginContentDocs, {
  type LoadedContent,
  type PluginOptions,
  validateOptions,
} from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { redactGlobalData } from './redact-global-data';

/**
 * The official docs plugin, for the gated on-prem section, with one change: the global data that
 * every page loads (it sits in the main bundle, which even the login screen needs) carries no
 * on-prem title. The official plugin puts the first sidebar item's label there.
 *
 * Reach-in (docs/upgrading.md, "Docs plugin global data"). Why: the docs plugin has no option to
 * leave labels out of its global data, and the gate cannot redact the main bundle (public: the
 * login screen loads it). So `actions.setGlobalData` is intercepted on the way out of the official
 * `contentLoaded`. What breaks on upgrade:
 * - the plugin stops calling `actions.setGlobalData` from the `actions` it is given in
 *   `contentLoaded` (another hook, a cached reference, no `contentLoaded`: this wrapper then returns
 *   the plugin unchanged): the first on-prem sidebar label reaches every visitor again;
 * - the global data gains a field carrying on-prem text (a doc title, a sidebar label, a
 *   description): redact-global-data.ts replaces only `versions[].sidebars[].link.label`.
 * Guarded by site/__tests__/upgrade-smoke/docs-global-data.test.ts, which runs this plugin on a page
 * with a secret title and checks both; the canary build test catches a leak too, more slowly.
 */
export default async function onPremDocs(context: LoadContext, options: PluginOptions): Promise<Plugin<LoadedContent>> {
  const plugin = await pluginContentDocs(context, options);
  const { contentLoaded } = plugin;
  if (!contentLoaded) return plugin;
  return {
    ...plugin,
    async contentLoaded(args) {
      const setGlobalData = (data: unknown) => args.actions.setGlobalData(redactGlobalData(data));
      return contentLoaded.call(plugin, { ...args, actions: { ...args.actions, setGlobalData } });
    },
  };
}

export { validateOptions };
