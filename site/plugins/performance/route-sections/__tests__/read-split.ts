import { parse } from '@babel/parser';
import { parseRouteTree, type RouteNode } from '../../../access/manifest/route-tree';
import type { SplitOutput } from '../split';

/** Reads split.ts's output back, with a real parser: what a test compares with the original. */

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const program = (source: string) =>
  (parse(source, { sourceType: 'module' }) as unknown as { program: { body: Node[] } }).program.body;

/** The registry entries' chunk names of an object literal's source. */
function exportedObject(source: string): Node {
  const exported = program(source).find((node) => node.type === 'ExportDefaultDeclaration');
  if (!exported) throw new Error('no export default');
  return exported.declaration as Node;
}

function objectKeys(object: Node): string[] {
  return (object.properties as Node[]).map((prop) => (prop.key as Node).value as string);
}

function assignedTo(source: string, name: string): Node {
  for (const statement of program(source)) {
    const call = statement.expression as Node | undefined;
    const args = (call?.arguments as Node[] | undefined) ?? [];
    if (call?.type === 'CallExpression' && (args[0] as Node | undefined)?.name === name) return args[1] as Node;
  }
  throw new Error(`no Object.assign(${name}, …) in the section module`);
}

export interface ReadSection {
  registryKeys: string[];
  routesChunkNames: Record<string, unknown>;
  /** Parent route key → its routes in this section. */
  routes: Map<string, RouteNode[]>;
}

export function readSection(source: string): ReadSection {
  const byParent = exportedObject(source).properties as Node[];
  const chunkNames = assignedTo(source, 'routesChunkNames');
  return {
    registryKeys: objectKeys(assignedTo(source, 'registry')),
    routesChunkNames: JSON.parse(source.slice(chunkNames.start, chunkNames.end)),
    routes: new Map(
      byParent.map((prop) => {
        const list = prop.value as Node;
        return [
          (prop.key as Node).value as string,
          parseRouteTree(`export default ${source.slice(list.start, list.end)}`),
        ];
      }),
    ),
  };
}

export function registryKeysOf(registryJs: string): string[] {
  return objectKeys(exportedObject(registryJs));
}

const keyOf = (node: RouteNode) => `${node.path}-${node.hash}`;

/** The shell's tree with every section's routes attached, children in a stable order. */
export function recombined(split: SplitOutput): PlainRoute[] {
  const sections = split.sections.map((section) => readSection(section.source));
  const attach = (nodes: RouteNode[]): RouteNode[] =>
    nodes.map((node) => {
      const added = sections.flatMap((section) => section.routes.get(keyOf(node)) ?? []);
      return { ...node, routes: attach([...node.routes, ...added]) };
    });
  return sorted(attach(parseRouteTree(split.routesJs)));
}

/** A route as compared: without its source position (a moved route sits elsewhere). */
export interface PlainRoute {
  path: string;
  hash: string | null;
  routes: PlainRoute[];
}

/** Routes without their source positions, children in a stable order. */
export function sorted(nodes: readonly PlainRoute[]): PlainRoute[] {
  return nodes
    .map(({ path, hash, routes }) => ({ path, hash, routes: sorted(routes) }))
    .sort((a, b) => `${a.path}-${a.hash}`.localeCompare(`${b.path}-${b.hash}`));
}
