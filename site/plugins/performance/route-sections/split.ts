import { parse } from '@babel/parser';
import { chunkNamesOf } from '../../access/manifest/classify';
import { parseRouteTree, type RouteNode } from '../../access/manifest/route-tree';
import { BuildError } from '../../build-errors';
import { moduleOf } from './client/section-of';
import { partitionSections, rangesOf } from './sections';

export { moduleOf };

/**
 * Splits Docusaurus's generated route table into a shell (what every page needs: the top-level
 * routes and the layout routes) and modules for the sections of the docs (./sections.ts: each
 * holds its pages' routes, their route-to-chunk entries and the registry entries only sections use).
 *
 * Reach-in (docs/upgrading.md, "route table per section"): `.docusaurus/routes.js`, `registry.js`
 * and `routesChunkNames.json` are code and data Docusaurus generates for its own bundle. What this
 * relies on: routes.js is the route tree the access manifest reads (access/manifest/route-tree.ts,
 * which also gives each route's position in the source); registry.js exports an object literal
 * keyed by chunk name; routesChunkNames is keyed by `${path}-${hash}` with (nested) chunk names as
 * values. Anything else fails the build (RouteSplitError), and the upgrade smoke test in
 * __tests__ checks the real build.
 */

/** BUILD_ERR_ROUTE_SPLIT of the build's catalogue (site/plugins/build-errors.ts). */
/** The chunk name of every section's route table starts with it. */
export const SECTION_CHUNK_PREFIX = 'tala-routes-';

export class RouteSplitError extends BuildError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BUILD_ERR_ROUTE_SPLIT', message, options);
  }
}

export interface SplitInput {
  routesJs: string;
  registryJs: string;
  routesChunkNames: Record<string, unknown>;
  baseUrl: string;
}

export interface SplitSection {
  /** The module's first directory prefix ('reference/apis/studio'). */
  name: string;
  /** The split directory it is a part of and the first child it holds: `moduleOf` finds it by them. */
  directory: string;
  from: string;
  /** The webpack chunk name of the section's module. */
  chunkName: string;
  /** Module source: merges its registry and chunk-name entries, exports its routes by parent key. */
  source: string;
  /** The route keys (`${path}-${hash}`) of its pages. */
  routeKeys: string[];
}

export interface SplitOutput {
  routesJs: string;
  registryJs: string;
  routesChunkNamesJson: string;
  sections: SplitSection[];
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

interface Leaf {
  key: string;
  parent: RouteNode;
  /** The name of the module it moves to, '' for the shell. */
  section: string;
  route: RouteNode;
}

const keyOf = (route: RouteNode) => `${route.path}-${route.hash}`;

export function splitRoutes(input: SplitInput): SplitOutput {
  let tree: RouteNode[];
  try {
    tree = parseRouteTree(input.routesJs);
  } catch (error) {
    throw new RouteSplitError(`routes.js: ${(error as Error).message}`, { cause: error });
  }
  const leaves: Leaf[] = [];
  const visit = (route: RouteNode, parent: RouteNode | null) => {
    for (const child of route.routes) visit(child, route);
    if (route.routes.length > 0 || parent === null || route.hash === null) return;
    leaves.push({ key: keyOf(route), parent, section: '', route });
  };
  for (const route of tree) visit(route, null);

  const modules = partitionSections(
    leaves.map((leaf) => leaf.route.path),
    input.baseUrl,
  );
  const ranges = rangesOf(modules);
  for (const leaf of leaves) leaf.section = moduleOf(leaf.route.path, input.baseUrl, ranges);
  const moved = leaves.filter((leaf) => leaf.section !== '');

  // The shell: moved routes cut out, and each parent that lost some tagged with its key.
  const edits: { start: number; end: number; text: string }[] = [];
  for (const { route } of moved) {
    edits.push({ start: route.source.start, end: afterComma(input.routesJs, route.source.end), text: '' });
  }
  for (const parent of new Set(moved.map((leaf) => leaf.parent))) {
    const at = parent.source.start + 1;
    edits.push({ start: at, end: at, text: `\n    talaRouteKey: ${JSON.stringify(keyOf(parent))},` });
  }
  const routesJs = applyEdits(input.routesJs, edits);

  // Chunk names: the shell keeps those of the routes it keeps, and those two sections share.
  const movedKeys = new Map(moved.map((leaf) => [leaf.key, leaf.section]));
  const shellChunkNames: Record<string, unknown> = {};
  const sectionChunkNames = new Map<string, Record<string, unknown>>();
  for (const [key, value] of Object.entries(input.routesChunkNames)) {
    const section = movedKeys.get(key);
    if (section === undefined) shellChunkNames[key] = value;
    else {
      const own = sectionChunkNames.get(section) ?? {};
      own[key] = value;
      sectionChunkNames.set(section, own);
    }
  }
  for (const key of movedKeys.keys()) {
    if (!(key in input.routesChunkNames)) throw new RouteSplitError(`routesChunkNames has no entry for route ${key}`);
  }
  const usedBy = new Map<string, Set<string>>();
  const use = (value: unknown, owner: string) => {
    for (const name of chunkNamesOf(value)) usedBy.set(name, (usedBy.get(name) ?? new Set()).add(owner));
  };
  for (const value of Object.values(shellChunkNames)) use(value, '');
  for (const [section, own] of sectionChunkNames) for (const value of Object.values(own)) use(value, section);

  const registry = registryEntries(input.registryJs);
  const shellRegistry: string[] = [];
  const sectionRegistry = new Map<string, string[]>();
  // An entry the shell uses (or nothing does) stays in the shell; one that only sections use goes
  // into each of them (a sidebar group's module serves pages of several sections): main.js does
  // not grow with what the sections share, and a section's entries are merged into the registry
  // before its routes are matched, so whichever section runs first brings it.
  for (const [name, source] of registry) {
    const owners = usedBy.get(name);
    if (!owners || owners.has('')) shellRegistry.push(source);
    else
      for (const owner of owners) {
        let list = sectionRegistry.get(owner);
        if (!list) {
          list = [];
          sectionRegistry.set(owner, list);
        }
        list.push(source);
      }
  }

  const sections = modules.map(({ name, directory, from }): SplitSection => {
    const own = moved.filter((leaf) => leaf.section === name);
    const byParent = new Map<string, string[]>();
    for (const { parent, route } of own) {
      const key = keyOf(parent);
      const list = byParent.get(key) ?? byParent.set(key, []).get(key);
      list?.push(input.routesJs.slice(route.source.start, route.source.end));
    }
    const source = [
      "import ComponentCreator from '@docusaurus/ComponentCreator';",
      "import registry from '@generated/registry';",
      "import routesChunkNames from '@generated/routesChunkNames';",
      '',
      '// Before the routes below: ComponentCreator reads both when it is called.',
      `Object.assign(registry, {\n${(sectionRegistry.get(name) ?? []).join(',\n')}\n});`,
      `Object.assign(routesChunkNames, ${JSON.stringify(sectionChunkNames.get(name) ?? {})});`,
      '',
      'export default {',
      ...[...byParent].map(([parent, routes]) => `${JSON.stringify(parent)}: [\n${routes.join(',\n')}\n],`),
      '};',
      '',
    ].join('\n');
    return {
      name,
      directory,
      from,
      chunkName: `${SECTION_CHUNK_PREFIX}${name.replaceAll('/', '.')}`,
      source,
      routeKeys: own.map((leaf) => leaf.key),
    };
  });

  return {
    routesJs,
    registryJs: `export default {\n${shellRegistry.join(',\n')}\n};\n`,
    routesChunkNamesJson: JSON.stringify(shellChunkNames),
    sections,
  };
}

/** registry.js's exported object literal. */
function exportedObject(source: string): Node {
  const ast = parse(source, { sourceType: 'module' }) as unknown as { program: { body: Node[] } };
  const exported = ast.program.body.find((node) => node.type === 'ExportDefaultDeclaration');
  const expression = exported?.declaration as Node | undefined;
  if (expression?.type !== 'ObjectExpression') throw new RouteSplitError('registry.js does not export an object');
  return expression;
}

/** registry.js's entries: chunk name → the property's source (`"name": [loader, id, weak id]`). */
function registryEntries(source: string): Map<string, string> {
  const object = exportedObject(source);
  const entries = new Map<string, string>();
  for (const prop of object.properties as Node[]) {
    const key = prop.key as Node | undefined;
    if (prop.type !== 'ObjectProperty' || key?.type !== 'StringLiteral') {
      throw new RouteSplitError('registry.js: an entry is not "chunkName": [ … ]');
    }
    entries.set(key.value as string, source.slice(prop.start, prop.end));
  }
  return entries;
}

/** Past a node and the comma after it, if any. */
function afterComma(source: string, end: number): number {
  const match = /^\s*,/.exec(source.slice(end, end + 64));
  return match ? end + match[0].length : end;
}

/**
 * The source with each edit's range replaced by its text. The text is assembled once from the
 * pieces between the edits: replacing each edit in a copy of the whole file took 9.9 of the 14 s
 * this split took at 25× (10,433 pages, a 3.3 MB routes.js). Edits at the same place keep the
 * order they had when applied from the end of the file one by one: the later edit first.
 */
function applyEdits(source: string, edits: { start: number; end: number; text: string }[]): string {
  const ordered = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || b.index - a.index);
  const parts: string[] = [];
  let at = 0;
  for (const { edit } of ordered) {
    if (edit.start < at) throw new Error(`route sections: overlapping edits of routes.js at ${edit.start}`);
    parts.push(source.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(source.slice(at));
  return parts.join('');
}
