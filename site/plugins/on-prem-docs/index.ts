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
