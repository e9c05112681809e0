import type { Plugin } from '@docusaurus/types';
import type { Compiler, WebpackPluginInstance } from 'webpack';
import { SECTION_CHUNK_PREFIX } from '../route-sections/split';
import { type MovedChunk, sectionRegistration, withoutSectionChunks } from './by-section';
import { hoistChunkMaps } from './hoist';

const NAME = 'tala-runtime-maps';

/**
 * The client bundle's runtime without the page chunks a route section loads (./by-section.ts: the
 * section lists them) and with its other chunk maps built once (./hoist.ts says why and when a map
 * may move). The runtime chunk is rewritten after minification and before the bundler hashes file
 * contents (`realContentHash`, the OPTIMIZE_HASH stage), so its file name still changes with what
 * it holds and the gate may keep caching `/assets/` as immutable.
 *
 * Reach-in: the shape of the bundler's and Docusaurus's runtime code. If either changes the
 * rewrite finds nothing and the runtime is left as it was (slower at scale, still correct); the
 * test in __tests__ builds a real Rspack runtime with Docusaurus's chunk-asset function and fails
 * when no map is hoisted or a hoisted runtime answers differently.
 */
export function runtimeMapsPlugin(): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      // `compiler.webpack` is Rspack itself under Rspack (Docusaurus Faster), webpack otherwise.
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
          () => {
            const code = (file: string) => compilation.getAsset(file)?.source.source().toString();
            const bySection = sectionChunks(compilation);
            const moved = [...bySection.values()].flat();
            const ids = new Set(moved.map((c) => c.id));
            const names = new Set(moved.flatMap((c) => (c.name ? [c.name] : [])));
            let registered = false;
            for (const chunk of compilation.chunks) {
              if (!chunk.hasRuntime()) continue;
              for (const file of chunk.files) {
                const runtime = file.endsWith('.js') ? code(file) : undefined;
                if (runtime === undefined) continue;
                const lean = moved.length > 0 ? withoutSectionChunks(runtime, ids, names) : undefined;
                // The sections register their chunks only when the runtime no longer lists them.
                if (lean !== undefined && !registered) {
                  registered = true;
                  for (const [section, chunks] of bySection) {
                    const text = code(section);
                    if (text !== undefined)
                      compilation.updateAsset(section, new sources.RawSource(text + sectionRegistration(chunks)));
                  }
                }
                const hoisted = hoistChunkMaps(lean ?? runtime);
                if (hoisted !== runtime) compilation.updateAsset(file, new sources.RawSource(hoisted));
              }
            }
          },
        );
      });
    },
  };
}

type AnyCompilation = Parameters<Parameters<Compiler['hooks']['thisCompilation']['tap']>[1]>[0];
type AnyChunk = AnyCompilation['chunks'] extends Iterable<infer C> ? C : never;

const isSection = (chunk: AnyChunk) => chunk.name?.startsWith(SECTION_CHUNK_PREFIX) ?? false;

/**
 * Each route section's chunk file, with the chunks it loads that only sections load: a chunk moves
 * when every chunk group it belongs to is loaded from groups holding one section chunk each (every
 * such section registers it), and its only file is a script (a chunk with styles keeps its entries
 * in the runtime's style maps too).
 */
function sectionChunks(compilation: AnyCompilation): Map<string, MovedChunk[]> {
  const bySection = new Map<string, MovedChunk[]>();
  for (const chunk of compilation.chunks) {
    if (chunk.hasRuntime() || chunk.canBeInitial() || isSection(chunk) || chunk.id === null) continue;
    const files = [...chunk.files];
    if (files.length !== 1 || !files[0]?.endsWith('.js')) continue;
    const sections = new Set<AnyChunk>();
    let elsewhere = false;
    for (const group of chunk.groupsIterable) {
      const parents = group.getParents();
      if (parents.length === 0) elsewhere = true;
      for (const parent of parents) {
        const own = parent.chunks.filter(isSection);
        if (own.length !== 1) elsewhere = true;
        for (const section of own) sections.add(section);
      }
    }
    const sectionFiles = [...sections].map((section) => [...section.files].find((f) => f.endsWith('.js')));
    if (elsewhere || sectionFiles.length === 0 || sectionFiles.some((file) => !file)) continue;
    // Loaded from several sections (a sidebar group's module): each of them registers it.
    for (const sectionFile of sectionFiles as string[]) {
      const list = bySection.get(sectionFile) ?? [];
      list.push({ id: String(chunk.id), name: chunk.name ?? undefined, file: files[0] });
      bySection.set(sectionFile, list);
    }
  }
  return bySection;
}

export default function runtimeMaps(): Plugin {
  return {
    name: NAME,
    configureWebpack: (config, isServer) =>
      !isServer && config.mode === 'production' ? { plugins: [runtimeMapsPlugin()] } : {},
  };
}
