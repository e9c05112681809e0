import { writeFileSync } from 'node:fs';

/**
 * What the access manifest needs from the client bundler, and nothing else: which files each chunk
 * emitted, which chunks make up each named chunk group (Docusaurus names one per route module),
 * the entry chunks, and, for every chunk, the modules whose `import()` created it, so that a chunk
 * lazily imported by an on-prem page is traced back to that page.
 */
export interface ChunkGraph {
  entryChunks: (string | number)[];
  namedChunkGroups: Record<string, (string | number)[]>;
  chunks: {
    id: string | number;
    files: string[];
    auxiliaryFiles: string[];
    /** Identifiers of the modules whose import() loads this chunk ('' for an entry). */
    originModules: string[];
  }[];
  /** Module identifier → ids of the chunks that contain it. */
  moduleChunks: Record<string, (string | number)[]>;
}

interface StatsLike {
  toJson(options: Record<string, unknown>): {
    entrypoints?: Record<string, { chunks?: (string | number)[] }>;
    namedChunkGroups?: Record<string, { chunks?: (string | number)[] }>;
    chunks?: {
      id?: string | number;
      files?: string[];
      auxiliaryFiles?: string[];
      origins?: { moduleIdentifier?: string }[];
    }[];
    modules?: StatsModule[];
  };
}

interface StatsModule {
  identifier?: string;
  chunks?: (string | number)[];
  /** Modules concatenated into this one (scope hoisting): they live in its chunks. */
  modules?: StatsModule[];
}

interface CompilerLike {
  hooks: { done: { tap(name: string, fn: (stats: StatsLike) => void): void } };
}

export function toChunkGraph(stats: StatsLike): ChunkGraph {
  const json = stats.toJson({
    all: false,
    ids: true,
    entrypoints: true,
    chunkGroups: true,
    chunks: true,
    chunkOrigins: true,
    modules: true,
    nestedModules: true,
    // Without these, concatenated modules list their inner modules as one filtered 'cached modules' entry.
    cachedModules: true,
    orphanModules: true,
    modulesSpace: Number.POSITIVE_INFINITY,
    nestedModulesSpace: Number.POSITIVE_INFINITY,
  });
  const moduleChunks: Record<string, (string | number)[]> = {};
  const record = (mod: StatsModule, chunks: (string | number)[]) => {
    if (mod.identifier)
      moduleChunks[mod.identifier] = [...new Set([...(moduleChunks[mod.identifier] ?? []), ...chunks])];
    for (const inner of mod.modules ?? []) record(inner, chunks);
  };
  for (const mod of json.modules ?? []) record(mod, mod.chunks ?? []);
  return {
    entryChunks: Object.values(json.entrypoints ?? {}).flatMap((entry) => entry.chunks ?? []),
    namedChunkGroups: Object.fromEntries(
      Object.entries(json.namedChunkGroups ?? {}).map(([name, group]) => [name, group.chunks ?? []]),
    ),
    chunks: (json.chunks ?? []).map((chunk) => ({
      id: chunk.id ?? '',
      files: chunk.files ?? [],
      auxiliaryFiles: chunk.auxiliaryFiles ?? [],
      originModules: [...new Set((chunk.origins ?? []).map((origin) => origin.moduleIdentifier ?? ''))],
    })),
    moduleChunks,
  };
}

/** A webpack/Rspack plugin (both expose `hooks.done` with `stats.toJson`). */
export class ChunkGraphPlugin {
  constructor(private readonly outputFile: string) {}

  apply(compiler: CompilerLike): void {
    compiler.hooks.done.tap('TalaChunkGraphPlugin', (stats) => {
      writeFileSync(this.outputFile, JSON.stringify(toChunkGraph(stats)));
    });
  }
}
