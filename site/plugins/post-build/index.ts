import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { CHUNK_GRAPH_FILE, ChunkGraphPlugin, routeRegistryMatcher } from '../access/manifest/chunk-graph';
import { onPremContentFolders, pageSourceFiles } from '../access/manifest/content-sources';
import { AccessManifestError } from '../access/manifest/errors';
import { sidebarSections } from '../content/page-markdown/llms-txt';
import { type PostBuildOptions, postBuildPipeline } from './pipeline';
import { runPipeline } from './runner';
import type { LoadedContent } from './step';

/**
 * Runs the post-build pipeline (pipeline.ts) in postBuild, and gathers what it needs on the way:
 * from the loaded content, the on-prem folders, the pages' sources and the sidebars; from the
 * client bundler, the chunk graph the access manifest classifies by.
 */
export default function postBuildPlugin(context: LoadContext, options: PostBuildOptions): Plugin {
  const steps = postBuildPipeline(context, options);
  const isRouteRegistry = routeRegistryMatcher(context.generatedFilesDir);
  // Set once every plugin has loaded its content, which Docusaurus does before it bundles.
  let content: LoadedContent | undefined;

  return {
    name: 'tala-post-build',

    allContentLoaded({ allContent }) {
      content = {
        onPremFolders: onPremContentFolders(allContent),
        pageSources: pageSourceFiles(allContent, context.siteDir),
        sections: sidebarSections(allContent),
      };
    },

    configureWebpack(_config, isServer) {
      if (!content) {
        throw new AccessManifestError(
          'BUILD_ERR_BUILD_INPUT',
          'Bundling started before the on-prem folders were known',
        );
      }
      const chunkGraphFile = path.join(context.generatedFilesDir, CHUNK_GRAPH_FILE);
      const scope = { folders: content.onPremFolders, isRouteRegistry };
      return {
        // A shared `common` chunk could merge on-prem-only modules into a file public pages load.
        optimization: { splitChunks: { cacheGroups: { common: false } } },
        plugins: isServer ? [] : [new ChunkGraphPlugin(chunkGraphFile, scope)],
      };
    },

    async postBuild(props) {
      if (!content) throw new AccessManifestError('BUILD_ERR_BUILD_INPUT', 'postBuild ran before the content loaded');
      await runPipeline(steps, { docusaurus: props, content });
    },
  };
}
