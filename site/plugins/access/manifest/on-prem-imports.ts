import { routeAccess } from '@tala/policy';
import type { ChunkGraph } from './chunk-graph';
import { type ChunkId, ChunkReach, pageChunkNames } from './classify';
import { AccessManifestError } from './errors';
import type { PageRoute } from './route-tree';

export interface OnPremImportInput {
  pages: readonly PageRoute[];
  routesChunkNames: Readonly<Record<string, unknown>>;
  chunkGraph: ChunkGraph;
  isRouteRegistry: (moduleIdentifier: string) => boolean;
  /** Absolute paths of the on-prem content folders (for the message). */
  onPremFolders: readonly string[];
  /** Route → the page's source file, where a content plugin declares one. */
  pageSources: ReadonlyMap<string, string>;
  /** How the message shows an absolute path (relative to the repository). */
  display: (file: string) => string;
}

/**
 * Proves that no module whose source lies under an on-prem folder is bundled into a chunk that a
 * public or reader page loads. Access is decided per route and per chunk, so an on-prem partial,
 * image or component imported by a reader page would otherwise be classified `reader` with that
 * page's chunk. Only the client bundle is read: the server render (each page's HTML) and the search
 * records (read from that HTML) come from the same imports, so a clean client bundle covers them.
 * Fails with BUILD_ERR_ONPREM_IMPORT, one line per page and on-prem file, with the import chain.
 */
export function checkOnPremImports(input: OnPremImportInput): void {
  const nodes = input.chunkGraph.onPremImports;
  const onPremModules = Object.keys(nodes).filter((id) => nodes[id]?.onPrem);
  if (onPremModules.length === 0) return;
  const reach = new ChunkReach(input.chunkGraph, input.isRouteRegistry);
  const chunksOf = (id: string) => input.chunkGraph.moduleChunks[id] ?? [];
  const shown = (id: string) => {
    const file = nodes[id]?.file;
    return file ? input.display(file) : id;
  };

  /** The shortest import chain from a module the page loads first (a route module) to `target`. */
  const chainTo = (target: string, reached: ReadonlySet<ChunkId>): string => {
    const towardTarget = new Map<string, string>();
    const queue = [target];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const importers = (nodes[id]?.importers ?? []).filter((m) => chunksOf(m).some((c) => reached.has(c)));
      if (importers.length === 0 || nodes[id]?.importers.some(input.isRouteRegistry)) {
        const chain = [id];
        for (let next = towardTarget.get(id); next !== undefined; next = towardTarget.get(next)) chain.push(next);
        return chain.map(shown).join(' → ');
      }
      for (const importer of importers) {
        if (importer !== target && !towardTarget.has(importer)) {
          towardTarget.set(importer, id);
          queue.push(importer);
        }
      }
    }
    return shown(target);
  };

  const problems: string[] = [];
  const reportIn = (label: string, reached: ReadonlySet<ChunkId>, skip: ReadonlySet<string>) => {
    const found = onPremModules.filter((id) => !skip.has(id) && chunksOf(id).some((c) => reached.has(c)));
    for (const id of found) problems.push(`${label}: ${chainTo(id, reached)}`);
    return found;
  };

  // The entry bundle runs on every page: report what it holds once, not once per page.
  const inEntry = new Set(reportIn('every page, the login screen included', reach.entryReach, new Set()));
  for (const page of input.pages) {
    if (routeAccess(page.path) === 'onprem') continue;
    const source = input.pageSources.get(page.path);
    const label = source ? `${page.path} (${input.display(source)})` : page.path;
    reportIn(label, reach.fromChunkNames(pageChunkNames(page, input.routesChunkNames)), inEntry);
  }
  if (problems.length > 0) {
    const folders = input.onPremFolders.map(input.display).join(', ');
    throw new AccessManifestError(
      'BUILD_ERR_ONPREM_IMPORT',
      `Pages without the on-prem role import files from the on-prem folder (${folders}). Their text would ship to every reader of those pages: in the page's HTML, its JS chunks and its search records. Move what readers may see out of the on-prem folder, or move the importing page into it.\n  page (source): import chain\n  - ${problems.sort().join('\n  - ')}`,
    );
  }
}
