import {
  type AccessLevel,
  GENERATED_FILE_RULES,
  leastRestrictive,
  markdownFileOf,
  pageFileOf,
  routeAccess,
  STATIC_FILE_RULES,
} from '@tala/policy';
import type { ChunkGraph } from './chunk-graph';
import { AccessManifestError } from './errors';
import type { PageRoute } from './route-tree';

export interface ClassifyInput {
  /** Every file under build/, relative POSIX paths. */
  files: readonly string[];
  pages: readonly PageRoute[];
  /** `.docusaurus/routesChunkNames.json`: route key → (nested) chunk names. */
  routesChunkNames: Readonly<Record<string, unknown>>;
  chunkGraph: ChunkGraph;
  /** Files copied from the static directories, relative to the build root. */
  staticFiles: ReadonlySet<string>;
  /** Whether a module identifier is Docusaurus's route registry (its import()s are the routes). */
  isRouteRegistry: (moduleIdentifier: string) => boolean;
}

export type ChunkId = string | number;

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The chunk names in a routesChunkNames value (a name, or names nested in objects). */
export function chunkNamesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

/**
 * Which chunks a page can load: the chunk groups of its route modules, the entry chunks, and,
 * transitively, every chunk that a module in an already reachable chunk loads with import().
 * The route registry's own import()s are excluded: it sits in the main bundle and imports every
 * route, which would make every page reach every chunk.
 */
export class ChunkReach {
  private readonly chunksOfModule: Map<string, ChunkId[]>;
  private readonly lazyChunksOfModule = new Map<string, ChunkId[]>();
  private readonly modulesOfChunk = new Map<ChunkId, string[]>();
  readonly entryReach: ReadonlySet<ChunkId>;

  constructor(
    private readonly graph: ChunkGraph,
    isRouteRegistry: (id: string) => boolean,
  ) {
    this.chunksOfModule = new Map(Object.entries(graph.moduleChunks));
    for (const [mod, chunks] of this.chunksOfModule) {
      for (const chunk of chunks) pushTo(this.modulesOfChunk, chunk, mod);
    }
    for (const chunk of graph.chunks) {
      for (const origin of chunk.originModules) {
        if (origin === '' || isRouteRegistry(origin)) continue;
        pushTo(this.lazyChunksOfModule, origin, chunk.id);
      }
    }
    this.entryReach = this.closure(graph.entryChunks, new Set());
  }

  /** Chunks reachable from the named chunk groups (plus the entry). */
  fromChunkNames(names: readonly string[]): Set<ChunkId> {
    const start = names.flatMap((name) => {
      const group = this.graph.namedChunkGroups[name];
      if (!group)
        throw new AccessManifestError('BUILD_ERR_BUILD_INPUT', `No chunk group named "${name}" in the bundle`);
      return group;
    });
    return this.closure(start, new Set(this.entryReach));
  }

  private closure(start: readonly ChunkId[], reached: Set<ChunkId>): Set<ChunkId> {
    const queue = start.filter((id) => !reached.has(id));
    for (const id of queue) reached.add(id);
    while (queue.length > 0) {
      const chunk = queue.pop() as ChunkId;
      for (const mod of this.modulesOfChunk.get(chunk) ?? []) {
        for (const lazy of this.lazyChunksOfModule.get(mod) ?? []) {
          if (!reached.has(lazy)) {
            reached.add(lazy);
            queue.push(lazy);
          }
        }
      }
    }
    return reached;
  }
}

/**
 * routesChunkNames with, for each page whose route moved into a section module
 * (plugins/performance/route-sections), that module's chunk name too: the section's routes chunk is then
 * classified like the pages it lists (the on-prem section's routes are on-prem).
 */
export function withSectionChunks(
  routesChunkNames: Readonly<Record<string, unknown>>,
  sections: Readonly<Record<string, readonly string[]>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...routesChunkNames };
  for (const [chunkName, keys] of Object.entries(sections)) {
    for (const key of keys) {
      if (!(key in out)) {
        throw new AccessManifestError(
          'BUILD_ERR_BUILD_INPUT',
          `Route ${key} of ${chunkName} is missing from routesChunkNames.json`,
        );
      }
      out[key] = [out[key], chunkName];
    }
  }
  return out;
}

/** The chunk names of a page: those of its own route and of every layout route around it. */
export function pageChunkNames(page: PageRoute, routesChunkNames: Readonly<Record<string, unknown>>): string[] {
  return page.chunkKeys.flatMap((key) => {
    if (!(key in routesChunkNames)) {
      throw new AccessManifestError('BUILD_ERR_BUILD_INPUT', `Route ${key} is missing from routesChunkNames.json`);
    }
    return chunkNamesOf(routesChunkNames[key]);
  });
}

/**
 * Classifies every build file as public, reader or onprem. A file that two pages need gets the
 * least restrictive of their levels; a file that no rule and no page accounts for fails the build.
 */
export function classifyBuildFiles(input: ClassifyInput): Record<string, AccessLevel> {
  const levels = new Map<string, AccessLevel>();
  const grant = (file: string, level: AccessLevel) => {
    const current = levels.get(file);
    levels.set(file, current === undefined ? level : leastRestrictive(current, level));
  };

  const filesOfChunk = new Map(input.chunkGraph.chunks.map((c) => [c.id, [...c.files, ...c.auxiliaryFiles]]));
  const reach = new ChunkReach(input.chunkGraph, input.isRouteRegistry);

  // The entry (runtime, main bundle, global CSS and what they load lazily) runs on every page,
  // the public login screen included.
  for (const chunk of reach.entryReach) for (const file of filesOfChunk.get(chunk) ?? []) grant(file, 'public');

  for (const page of input.pages) {
    const level = routeAccess(page.path);
    for (const chunk of reach.fromChunkNames(pageChunkNames(page, input.routesChunkNames))) {
      for (const file of filesOfChunk.get(chunk) ?? []) grant(file, level);
    }
    if (!page.path.includes('*')) {
      grant(pageFileOf(page.path), level);
      grant(markdownFileOf(page.path), level);
    }
  }

  for (const rule of GENERATED_FILE_RULES) grant(rule.path, rule.level);
  for (const file of input.staticFiles) {
    const rule = STATIC_FILE_RULES.find((r) => r.pattern.test(file));
    if (rule) grant(file, rule.level);
  }

  const unclassified = input.files.filter((file) => !levels.has(file));
  if (unclassified.length > 0) {
    throw new AccessManifestError(
      'BUILD_ERR_UNCLASSIFIED_FILE',
      `The access manifest cannot classify ${unclassified.length} build file(s); add a rule in policy/src/access.ts or remove them:\n${unclassified.map((f) => `  - build/${f}`).join('\n')}`,
    );
  }
  // Keep only files that exist: a rule for an optional file (e.g. no sitemap) is not an entry.
  const existing = new Set(input.files);
  return Object.fromEntries([...levels].filter(([file]) => existing.has(file)).sort(([a], [b]) => a.localeCompare(b)));
}
