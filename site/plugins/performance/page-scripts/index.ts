import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageFileOf } from '@tala/policy';
import type { ChunkGraph } from '../../access/manifest/chunk-graph';
import { pageChunkNames } from '../../access/manifest/classify';
import { AccessManifestError } from '../../access/manifest/errors';
import type { PageRoute } from '../../access/manifest/route-tree';

/** Docusaurus's main bundle script in a built page (its SSG template, minified). */
const MAIN_SCRIPT = /<script src=("?)[^"\s>]*\/main\.[0-9a-f]+\.js\1 defer><\/script>/;

export interface PageScriptsInput {
  outDir: string;
  baseUrl: string;
  pages: readonly PageRoute[];
  /** With each page's route-table module (classify.ts `withSectionChunks`). */
  routesChunkNames: Readonly<Record<string, unknown>>;
  chunkGraph: ChunkGraph;
}

/**
 * Lists each page's own chunks in its HTML, as deferred scripts after main.js.
 * Docusaurus's template has a place for them (ssgTemplate.js: the bundles of the modules the server
 * render used), but in 3.10 it lists runtime and main only, the stock site's pages too. So the
 * browser learned of a page's chunks once main.js had run: its route-table module, then, one round
 * trip later, the page's chunks, each a script element appended by the runtime inside the task that
 * starts hydration (on the TQL manual at 4× CPU, 74 ms of it). Listed in the HTML, they download
 * beside main.js; when the runtime asks for them, they have run or it finds their element and
 * waits for it (webpack's script loader looks for a script with the same src first).
 *
 * Runs before checkPages, which refuses a page that loads a file its readers may not receive: a
 * page's chunks are classified at least as open as the page (classify.ts).
 */
export async function addPageScripts(input: PageScriptsInput): Promise<number> {
  const entry = new Set(input.chunkGraph.entryChunks);
  const filesOfChunk = new Map(input.chunkGraph.chunks.map((chunk) => [chunk.id, chunk.files]));
  let pages = 0;
  for (const page of input.pages) {
    if (page.path.includes('*')) continue;
    const scripts = new Set<string>();
    for (const name of pageChunkNames(page, input.routesChunkNames)) {
      for (const id of input.chunkGraph.namedChunkGroups[name] ?? []) {
        if (entry.has(id)) continue;
        for (const file of filesOfChunk.get(id) ?? []) if (file.endsWith('.js')) scripts.add(file);
      }
    }
    const file = path.join(input.outDir, pageFileOf(page.path));
    const html = await readFile(file, 'utf8');
    const main = MAIN_SCRIPT.exec(html);
    if (!main) {
      throw new AccessManifestError(
        'BUILD_ERR_BUILD_INPUT',
        `build/${pageFileOf(page.path)} has no main.js script tag where Docusaurus's template puts it`,
      );
    }
    const tags = [...scripts].map((script) => `<script src="${input.baseUrl}${script}" defer></script>`).join('');
    const at = main.index + main[0].length;
    await writeFile(file, html.slice(0, at) + tags + html.slice(at));
    pages++;
  }
  return pages;
}
