import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pluginSitemap, { type Options as SitemapOptions, validateOptions } from '@docusaurus/plugin-sitemap';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { normalizePluginOptions } from '@docusaurus/utils-validation';
import { ACCESS_MANIFEST_FILE, type AccessManifest, markdownFileOf, pageFileOf } from '@tala/policy';
import { writePageMarkdown } from '../page-markdown';
import { llmsFiles, llmsPaths, sidebarSections } from '../page-markdown/llms-txt';
import { SECTIONS_DIR, SECTIONS_FILE } from '../route-sections';
import { indexSite } from '../search-index';
import { copySynonyms } from '../search-index/synonyms';
import { checkPages } from './check-pages';
import { ChunkGraphPlugin } from './chunk-graph';
import { classifyBuildFiles, withSectionChunks } from './classify';
import { onPremContentFolders, pageSourceFiles } from './content-sources';
import { AccessManifestError } from './errors';
import { listFiles } from './list-files';
import { checkOnPremImports } from './on-prem-imports';
import { addPageScripts } from './page-scripts';
import { precompress } from './precompress';
import { pageRoutes, parseRouteTree } from './route-tree';

export interface AccessManifestPluginOptions {
  /** Options of the official sitemap plugin, which this plugin runs (see postBuild). */
  sitemap: SitemapOptions;
}

/*
 * Reach-in (docs/upgrading.md, "Sitemap plugin driven by hand"). The official sitemap plugin is
 * not registered (the preset has `sitemap: false`): this plugin creates it and calls its
 * `postBuild` itself, before the manifest, because Docusaurus runs every plugin's postBuild in
 * parallel and the manifest must list (and classify) `sitemap.xml`. What breaks on upgrade:
 * - `pluginSitemap(context, options)` / `validateOptions({validate, options})` change signature;
 * - the plugin gains another lifecycle hook (content loading, head tags, …): only `postBuild` is
 *   called here, so the rest would silently never run;
 * - its `postBuild` starts needing its own `content` (it is passed `undefined`) or writes
 *   somewhere else than `{outDir}/{options.filename}`.
 * Guarded by site/__tests__/upgrade-smoke/sitemap-plugin.test.ts (drives it the same way).
 */

const CHUNK_GRAPH_FILE = 'access-chunk-graph.json';

/**
 * Writes `build/.access-manifest.json`: every file of the build, classified public, reader or onprem
 * from the one policy in `@tala/policy`. The gate server serves nothing the manifest does not list.
 *
 * Docusaurus runs the postBuild hooks of all plugins in parallel, so the steps that write files
 * after bundling run here, in order: sitemap, then the manifest (which must see every file), then
 * the search records (each tagged with its page's access level), then precompression (whose
 * `.br`/`.gz` copies inherit their source's entry).
 */
export default function accessManifestPlugin(context: LoadContext, options: AccessManifestPluginOptions): Plugin {
  const chunkGraphFile = path.join(context.generatedFilesDir, CHUNK_GRAPH_FILE);
  type Validate = Parameters<typeof validateOptions>[0]['validate'];
  const sitemapOptions = validateOptions({ validate: normalizePluginOptions as Validate, options: options.sitemap });
  const sitemap = pluginSitemap(context, sitemapOptions);
  const registry = path.join(context.generatedFilesDir, 'registry.js');
  // With the route table split per section (plugins/route-sections), its shell registry and the
  // section modules hold the route import()s instead.
  const sectionsDir = path.join(context.generatedFilesDir, SECTIONS_DIR) + path.sep;
  const isRouteRegistry = (id: string) =>
    id.endsWith(`!${registry}`) || id === registry || id.startsWith(sectionsDir) || id.includes(`!${sectionsDir}`);
  // Set once every plugin has loaded its content, which Docusaurus does before it bundles.
  let onPremFolders: string[] = [];
  let pageSources = new Map<string, string>();
  let sections: ReturnType<typeof sidebarSections> = [];

  return {
    name: 'tala-access-manifest',

    allContentLoaded({ allContent }) {
      onPremFolders = onPremContentFolders(allContent);
      pageSources = pageSourceFiles(allContent, context.siteDir);
      sections = sidebarSections(allContent);
    },

    configureWebpack(_config, isServer) {
      if (onPremFolders.length === 0) {
        throw new AccessManifestError(
          'BUILD_ERR_BUILD_INPUT',
          'Bundling started before the on-prem folders were known',
        );
      }
      return {
        // A shared `common` chunk could merge on-prem-only modules into a file public pages load.
        optimization: { splitChunks: { cacheGroups: { common: false } } },
        plugins: isServer ? [] : [new ChunkGraphPlugin(chunkGraphFile, { folders: onPremFolders, isRouteRegistry })],
      };
    },

    async postBuild(props) {
      // Each step's log line says how long it took: bench/scale follows how they grow with the docs.
      let stepStart = performance.now();
      const took = () => {
        const seconds = (performance.now() - stepStart) / 1000;
        stepStart = performance.now();
        return `${seconds.toFixed(1)} s`;
      };
      await sitemap?.postBuild?.({ ...props, content: undefined });
      console.log(`[tala] sitemap in ${took()}`);

      const { outDir, generatedFilesDir, siteDir } = props;
      const readJson = async (file: string) => JSON.parse(await readFile(path.join(generatedFilesDir, file), 'utf8'));
      // Docusaurus's generated files, read as a private format (docs/upgrading.md, "routes.js parsed
      // with Babel"): see route-tree.ts; routesChunkNames.json keys are `${path}-${hash}`.
      const pages = pageRoutes(parseRouteTree(await readFile(path.join(generatedFilesDir, 'routes.js'), 'utf8')));

      // Written before the files are listed, so that the manifest classifies them.
      const siteUrl = props.siteConfig.url;
      const markdownPages = await writePageMarkdown({
        outDir,
        siteUrl,
        pageFiles: pages.filter((page) => !page.path.includes('*')).map((page) => pageFileOf(page.path)),
        pageSources,
      });
      const llmsRoutes = new Map<'reader' | 'onprem', string[]>();
      for (const level of ['reader', 'onprem'] as const) {
        const llms = llmsFiles({
          siteTitle: props.siteConfig.title,
          // The home page's description says what Tala is and what the docs cover.
          summary: markdownPages.get('/')?.description || props.siteConfig.tagline,
          siteUrl,
          level,
          sections,
          pages: markdownPages,
        });
        const target = llmsPaths(level);
        await writeFile(path.join(outDir, target.index), llms.index);
        await writeFile(path.join(outDir, target.full), llms.full);
        llmsRoutes.set(level, llms.routes);
      }
      console.log(
        `[tala] Markdown of ${markdownPages.size} pages, llms.txt for readers and on-prem readers, in ${took()}`,
      );

      const files = (await listFiles(outDir)).filter((file) => !path.posix.basename(file).startsWith('.'));
      const staticDirs = props.siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir));
      const staticFiles = new Set((await Promise.all(staticDirs.map((dir) => listFiles(dir)))).flat());
      const routesChunkNames = withSectionChunks(
        await readJson('routesChunkNames.json'),
        await readJson(path.join(SECTIONS_DIR, SECTIONS_FILE)).catch(() => ({})),
      );
      const chunkGraph = await readJson(CHUNK_GRAPH_FILE);

      // Paths relative to the folder that holds the site, e.g. `site/on-prem/_licence-keys.mdx`.
      const display = (file: string) => path.relative(path.dirname(siteDir), file).split(path.sep).join('/');
      checkOnPremImports({ pages, routesChunkNames, chunkGraph, isRouteRegistry, onPremFolders, pageSources, display });
      const levels = classifyBuildFiles({ files, pages, routesChunkNames, chunkGraph, staticFiles, isRouteRegistry });
      const baseUrl = props.siteConfig.baseUrl;
      const withScripts = await addPageScripts({ outDir, baseUrl, pages, routesChunkNames, chunkGraph });
      console.log(`[tala] build files classified, ${withScripts} pages list their chunks, in ${took()}`);
      const { inlineScriptHashes } = await checkPages(outDir, levels);
      // The reader's llms files were filtered by route; the manifest must agree page by page.
      const tooHigh = (llmsRoutes.get('reader') ?? []).filter((route) => levels[markdownFileOf(route)] === 'onprem');
      if (tooHigh.length > 0) {
        throw new AccessManifestError(
          'BUILD_ERR_PAGE_NEEDS_GATED_FILE',
          `llms.txt (reader) lists on-prem pages:\n${tooHigh.map((route) => `  - ${route}`).join('\n')}`,
        );
      }
      const manifest: AccessManifest = { version: 1, files: levels, inlineScriptHashes };
      await writeFile(path.join(outDir, ACCESS_MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);

      const counts = { public: 0, reader: 0, onprem: 0 };
      for (const level of Object.values(levels)) counts[level] += 1;
      console.log(
        `[tala] access manifest: ${files.length} files (${counts.public} public, ${counts.reader} reader, ${counts.onprem} onprem), in ${took()}`,
      );
      const index = await indexSite(outDir, levels, props.siteConfig.url);
      const synonyms = await copySynonyms(props.siteDir, outDir);
      console.log(
        `[tala] search index: ${index.records} records from ${index.pages} pages, ${synonyms} synonym groups, in ${took()}`,
      );
      const compressed = await precompress(outDir, files);
      console.log(`[tala] precompressed ${compressed} files (brotli and gzip) in ${took()}`);
    },
  };
}
