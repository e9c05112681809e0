import { parse } from '@babel/parser';

/**
 * Splits Docusaurus's generated route table into a shell (what every page needs: the top-level
 * routes and the layout routes) and one module per top-level section of the docs (its pages'
 * routes, their route-to-chunk entries and the registry entries only they use).
 *
 * Reach-in (docs/upgrading.md, "route table per section"): `.docusaurus/routes.js`, `registry.js`
 * and `routesChunkNames.json` are code and data Docusaurus generates for its own bundle. What this
 * relies on: routes.js exports an array literal of route object literals, each with
 * `path: '<literal>'`, `component: ComponentCreator('<path>', '<hash>')` and children under
 * `routes: [ … ]`; registry.js exports an object literal keyed by chunk name; routesChunkNames is
 * keyed by `${path}-${hash}` with (nested) chunk names as values. Anything else fails the build
 * (RouteSplitError), and site/__tests__/upgrade-smoke/route-sections.test.ts checks the real build.
 */

export class RouteSplitError extends Error {
  override name = 'RouteSplitError';
}

/** A section gets its own module from this many page routes; smaller ones stay in the shell. */
export const MIN_SECTION_ROUTES = 10;

export interface SplitInput {
  routesJs: string;
  registryJs: string;
  routesChunkNames: Record<string, unknown>;
  baseUrl: string;
}

export interface SplitSection {
  name: string;
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
  parentKey: string;
  section: string;
  node: Node;
}

/** The section of a route path: its first segment after the base URL ('' for the home page). */
export function sectionOf(pathname: string, baseUrl: string): string {
  const rest = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.replace(/^\//, '');
  const slash = rest.indexOf('/');
  return slash === -1 ? '' : rest.slice(0, slash);
}

export function splitRoutes(input: SplitInput): SplitOutput {
  const leaves: Leaf[] = [];
  const parents = new Map<string, Node>();
  const root = exportedExpression(input.routesJs, 'ArrayExpression', 'routes.js');
  const visit = (node: Node, parentKey: string | null, parentNode: Node | null) => {
    const route = routeOf(node);
    const children = route.children;
    if (children) {
      for (const child of children) visit(child, route.key, node);
      return;
    }
    if (parentKey === null || parentNode === null || route.key === null) return;
    parents.set(parentKey, parentNode);
    leaves.push({ key: route.key, parentKey, section: sectionOf(route.path, input.baseUrl), node });
  };
  for (const node of root.elements as Node[]) visit(node, null, null);

  const counts = new Map<string, number>();
  for (const leaf of leaves) counts.set(leaf.section, (counts.get(leaf.section) ?? 0) + 1);
  const split = new Set(
    [...counts].filter(([name, n]) => name !== '' && n >= MIN_SECTION_ROUTES).map(([name]) => name),
  );
  const moved = leaves.filter((leaf) => split.has(leaf.section));

  // The shell: moved routes cut out, and each parent that lost some tagged with its key.
  const edits: { start: number; end: number; text: string }[] = [];
  for (const leaf of moved)
    edits.push({ start: leaf.node.start, end: afterComma(input.routesJs, leaf.node.end), text: '' });
  for (const key of new Set(moved.map((leaf) => leaf.parentKey))) {
    const parent = parents.get(key) as Node;
    edits.push({ start: parent.start + 1, end: parent.start + 1, text: `\n    talaRouteKey: ${JSON.stringify(key)},` });
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
  for (const [name, source] of registry) {
    const owners = usedBy.get(name);
    const only = owners?.size === 1 ? ([...owners][0] as string) : '';
    if (only === '') shellRegistry.push(source);
    else sectionRegistry.set(only, [...(sectionRegistry.get(only) ?? []), source]);
  }

  const sections = [...split].sort().map((name): SplitSection => {
    const own = moved.filter((leaf) => leaf.section === name);
    const byParent = new Map<string, string[]>();
    for (const leaf of own) {
      byParent.set(leaf.parentKey, [
        ...(byParent.get(leaf.parentKey) ?? []),
        input.routesJs.slice(leaf.node.start, leaf.node.end),
      ]);
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
    return { name, chunkName: `tala-routes-${name}`, source, routeKeys: own.map((leaf) => leaf.key) };
  });

  return {
    routesJs,
    registryJs: `export default {\n${shellRegistry.join(',\n')}\n};\n`,
    routesChunkNamesJson: JSON.stringify(shellChunkNames),
    sections,
  };
}

function exportedExpression(source: string, type: string, file: string): Node {
  const ast = parse(source, { sourceType: 'module' }) as unknown as { program: { body: Node[] } };
  const exported = ast.program.body.find((node) => node.type === 'ExportDefaultDeclaration');
  const expression = exported?.declaration as Node | undefined;
  if (expression?.type !== type) throw new RouteSplitError(`${file} does not export an ${type}`);
  return expression;
}

/** A route object literal: its path, its key (`${path}-${hash}`, null for `*`) and its children. */
function routeOf(node: Node): { path: string; key: string | null; children: Node[] | null } {
  if (node.type !== 'ObjectExpression') throw new RouteSplitError(`routes.js: unexpected ${node.type} in a route list`);
  const props = new Map<string, Node>();
  for (const prop of node.properties as Node[]) {
    const key = prop.key as Node | undefined;
    if (prop.type === 'ObjectProperty' && key?.type === 'Identifier') props.set(key.name as string, prop.value as Node);
  }
  const pathNode = props.get('path');
  const component = props.get('component');
  const isCreator = component?.type === 'CallExpression' && (component.callee as Node).name === 'ComponentCreator';
  const args = isCreator ? (component.arguments as Node[]) : [];
  const [pathArg, hashArg] = args;
  if (pathNode?.type !== 'StringLiteral' || pathArg?.type !== 'StringLiteral') {
    throw new RouteSplitError('routes.js: a route has no path or no ComponentCreator(path, hash)');
  }
  const routes = props.get('routes');
  if (routes !== undefined && routes.type !== 'ArrayExpression')
    throw new RouteSplitError('routes.js: routes is not an array');
  return {
    path: pathNode.value as string,
    key: hashArg?.type === 'StringLiteral' ? `${pathArg.value as string}-${hashArg.value as string}` : null,
    children: routes ? (routes.elements as Node[]) : null,
  };
}

/** registry.js's entries: chunk name → the property's source (`"name": [loader, id, weak id]`). */
function registryEntries(source: string): Map<string, string> {
  const object = exportedExpression(source, 'ObjectExpression', 'registry.js');
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

function chunkNamesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

/** Past a node and the comma after it, if any. */
function afterComma(source: string, end: number): number {
  const match = /^\s*,/.exec(source.slice(end, end + 64));
  return match ? end + match[0].length : end;
}

function applyEdits(source: string, edits: { start: number; end: number; text: string }[]): string {
  let out = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}
