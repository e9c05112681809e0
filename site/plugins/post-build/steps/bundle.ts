import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHUNK_GRAPH_FILE, routeRegistryMatcher } from '../../access/manifest/chunk-graph';
import { withSectionChunks } from '../../access/manifest/classify';
import { pageRoutes, parseRouteTree } from '../../access/manifest/route-tree';
import { SECTIONS_DIR, SECTIONS_FILE } from '../../performance/route-sections';
import { defineStep } from '../step';

const SECTIONS = path.posix.join(SECTIONS_DIR, SECTIONS_FILE);

/**
 * The route tree and the client bundle's chunks, as Docusaurus and the bundler left them. Read as
 * private formats (docs/upgrading.md, "routes.js parsed with Babel"): see route-tree.ts;
 * routesChunkNames.json keys are `${path}-${hash}`.
 */
export const bundleStep = defineStep({
  name: 'route tree and chunks',
  reads: {
    files: [
      '.docusaurus/routes.js',
      '.docusaurus/routesChunkNames.json',
      `.docusaurus/${SECTIONS}`,
      `.docusaurus/${CHUNK_GRAPH_FILE}`,
    ],
    data: ['docusaurus'],
  },
  writes: { files: [], data: ['pages', 'bundle'] },
  async run({ docusaurus }) {
    const generated = (file: string) => readFile(path.join(docusaurus.generatedFilesDir, file), 'utf8');
    const readJson = async (file: string) => JSON.parse(await generated(file));
    const pages = pageRoutes(parseRouteTree(await generated('routes.js')));
    const routesChunkNames = withSectionChunks(
      await readJson('routesChunkNames.json'),
      // Absent when the route table is not split (not a production client build).
      await readJson(SECTIONS).catch(() => ({})),
    );
    const chunkGraph = await readJson(CHUNK_GRAPH_FILE);
    const isRouteRegistry = routeRegistryMatcher(docusaurus.generatedFilesDir);
    return {
      summary: `${pages.length} pages, ${chunkGraph.chunks.length} chunks`,
      data: { pages, bundle: { routesChunkNames, chunkGraph, isRouteRegistry } },
    };
  },
});
