import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SECTIONS_DIR } from '../../performance/route-sections';

/** Where the client build records its chunk graph, among Docusaurus's generated files. */
export const CHUNK_GRAPH_FILE = 'access-chunk-graph.json';

/**
 * Whether a module identifier is the route registry, whose import()s are every route. With the
 * route table split per section (plugins/performance/route-sections), its shell registry and the section
 * modules hold the route import()s instead.
 */
export function routeRegistryMatcher(generatedFilesDir: string): (moduleIdentifier: string) => boolean {
  const registry = path.join(generatedFilesDir, 'registry.js');
  const sectionsDir = path.join(generatedFilesDir, SECTIONS_DIR) + path.sep;
  return (id) =>
    id.endsWith(`!${registry}`) || id === registry || id.startsWith(sectionsDir) || id.includes(`!${sectionsDir}`);
}

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
  /**
   * Every module whose source file lies under an on-prem content folder, and every module that
   * imports one of them, directly or through others, up to the route registry: enough to name the
   * import chain that pulls on-prem text into a page (see on-prem-imports.ts).
   */
  onPremImports: Record<string, ImportNode>;
}

export interface ImportNode {
  /** Absolute path of the module's source file, if it has one. */
  file: string | null;
  /** Whether that file lies under an on-prem content folder. */
  onPrem: boolean;
  /** Identifiers of the modules that import this one (import, require, import()). */
  importers: string[];
}

/** Where on-prem sources live, and where to stop walking up the importers. */
export interface OnPremScope {
  /** Absolute paths of the on-prem content folders. */
  folders: readonly string[];
  /** The route registry imports every route: walking past it would take in the whole bundle. */
  isRouteRegistry: (moduleIdentifier: string) => boolean;
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
  compilation: CompilationLike;
}

interface StatsModule {
  identifier?: string;
  /** The resource path, without loaders or query (Rspack and webpack both report it). */
  nameForCondition?: string | null;
  chunks?: (string | number)[];
  /** Modules concatenated into this one (scope hoisting): they live in its chunks. */
  modules?: StatsModule[];
}

/**
 * What the import walk reads of the compilation itself (Rspack's and webpack's public
 * `Compilation` API alike): its modules, a concatenated module's inner ones, and who imports a
 * module. The walk asks for the importers of the modules it visits only: stats' `reasons` (every
 * importer of every module) took three quarters of the stats' cost, 20 of 25 s at 10,000 pages.
 */
interface CompilationLike {
  modules: Iterable<ModuleLike>;
  moduleGraph: {
    getIncomingConnections(module: ModuleLike): Iterable<{ originModule: ModuleLike | null; dependency: unknown }>;
    /** The module a dependency was written in, before concatenation (Rspack's `originModule` is after). */
    getParentModule(dependency: never): ModuleLike | null | undefined;
  };
}

interface ModuleLike {
  identifier(): string;
  /** A concatenated module's inner modules (Rspack: an array; webpack: a Set). */
  modules?: Iterable<ModuleLike>;
}

interface CompilerLike {
  hooks: { done: { tap(name: string, fn: (stats: StatsLike) => void): void } };
}

export function isUnder(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Each source module's file, and each concatenated module's root (the inner module whose identifier
 * it extends with `|hash`, on Rspack and webpack alike). A concatenated module is not a source: its
 * inner modules are.
 */
function sourcesOf(modules: readonly StatsModule[]) {
  const files = new Map<string, string>();
  const rootOf = new Map<string, string>();
  const collect = (mod: StatsModule) => {
    const id = mod.identifier;
    if (!id) return;
    if (mod.modules) {
      const root = mod.modules.find((inner) => inner.identifier && id.startsWith(`${inner.identifier}|`));
      if (root?.identifier) rootOf.set(id, root.identifier);
      for (const inner of mod.modules) collect(inner);
    } else if (mod.nameForCondition) files.set(id, mod.nameForCondition);
  };
  for (const mod of modules) collect(mod);
  return { files, rootOf };
}

/**
 * Who imports a module, named as sources: an importer concatenated into another module by the module
 * its import was written in (the dependency's parent; Rspack's connection names the concatenated
 * module), and a concatenated module by its root. What imports a concatenated module from outside
 * imports its root (scope hoisting moves those connections from the root to the concatenated module).
 */
function importersIn(compilation: CompilationLike, rootOf: ReadonlyMap<string, string>) {
  const byId = new Map<string, ModuleLike>();
  // An inner module → the concatenated modules it is the root of (webpack may concatenate a module
  // into several, one per runtime).
  const concatenatedOf = new Map<string, ModuleLike[]>();
  const add = (module: ModuleLike) => {
    const id = module.identifier();
    byId.set(id, module);
    const root = rootOf.get(id);
    for (const inner of module.modules ?? []) {
      const innerId = inner.identifier();
      // Without a known root (should not happen), every inner module may be the one imported.
      if (root === undefined || innerId === root)
        concatenatedOf.set(innerId, [...(concatenatedOf.get(innerId) ?? []), module]);
      add(inner);
    }
  };
  for (const module of compilation.modules) add(module);
  const graph = compilation.moduleGraph;
  return (id: string): string[] => {
    const importers = new Set<string>();
    for (const module of [byId.get(id), ...(concatenatedOf.get(id) ?? [])]) {
      if (!module) continue;
      for (const { originModule, dependency } of graph.getIncomingConnections(module)) {
        const importer = (graph.getParentModule(dependency as never) ?? originModule)?.identifier();
        if (importer && importer !== id) importers.add(rootOf.get(importer) ?? importer);
      }
    }
    return [...importers];
  };
}

/**
 * Walks up from the on-prem-sourced modules through their importers, and stops at the route
 * registry: past it are the app's core modules, which everything imports.
 */
function onPremImportsOf(
  modules: readonly StatsModule[],
  compilation: CompilationLike,
  scope: OnPremScope,
): Record<string, ImportNode> {
  const { files, rootOf } = sourcesOf(modules);
  const importersOf = importersIn(compilation, rootOf);
  const isOnPrem = (file: string | undefined) => file !== undefined && scope.folders.some((f) => isUnder(file, f));
  const nodes: Record<string, ImportNode> = {};
  const queue = [...files].filter(([, file]) => isOnPrem(file)).map(([id]) => id);
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (id in nodes) continue;
    const file = files.get(id);
    nodes[id] = { file: file ?? null, onPrem: isOnPrem(file), importers: importersOf(id) };
    if (!scope.isRouteRegistry(id)) queue.push(...(nodes[id]?.importers ?? []));
  }
  return nodes;
}

export function toChunkGraph(stats: StatsLike, scope: OnPremScope): ChunkGraph {
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
    onPremImports: onPremImportsOf(json.modules ?? [], stats.compilation, scope),
  };
}

/** A webpack/Rspack plugin (both expose `hooks.done` with `stats.toJson`). */
export class ChunkGraphPlugin {
  constructor(
    private readonly outputFile: string,
    private readonly scope: OnPremScope,
  ) {}

  apply(compiler: CompilerLike): void {
    compiler.hooks.done.tap('TalaChunkGraphPlugin', (stats) => {
      writeFileSync(this.outputFile, JSON.stringify(toChunkGraph(stats, this.scope)));
    });
  }
}
