import pluginSitemap, { type Options as SitemapOptions, validateOptions } from '@docusaurus/plugin-sitemap';
import type { LoadContext } from '@docusaurus/types';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import { defineStep } from '../step';

/*
 * Reach-in (docs/upgrading.md, "Sitemap plugin driven by hand"). The official sitemap plugin is
 * not registered (the preset has `sitemap: false`): this step creates it and calls its `postBuild`
 * itself, before the manifest, because Docusaurus runs every plugin's postBuild in parallel and the
 * manifest must list (and classify) `sitemap.xml`. What breaks on upgrade:
 * - `pluginSitemap(context, options)` / `validateOptions({validate, options})` change signature;
 * - the plugin gains another lifecycle hook (content loading, head tags, …): only `postBuild` is
 *   called here, so the rest would silently never run;
 * - its `postBuild` starts needing its own `content` (it is passed `undefined`) or writes
 *   somewhere else than `{outDir}/{options.filename}`.
 * Guarded by site/plugins/post-build/__tests__/upgrade-smoke.test.ts (drives it the same way).
 */

/** The sitemap, by the official plugin; created (and its options checked) when the site loads. */
export function sitemapStep(context: LoadContext, options: SitemapOptions) {
  type Validate = Parameters<typeof validateOptions>[0]['validate'];
  const validated = validateOptions({ validate: normalizePluginOptions as Validate, options });
  const sitemap = pluginSitemap(context, validated);
  return defineStep({
    name: 'sitemap',
    reads: { files: [], data: ['docusaurus'] },
    writes: { files: [`build/${validated.filename}`], data: [] },
    async run({ docusaurus }) {
      await sitemap?.postBuild?.({ ...docusaurus, content: undefined });
      return { summary: validated.filename, data: {} };
    },
  });
}
