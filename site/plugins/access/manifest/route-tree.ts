import { parse } from '@babel/parser';
import { AccessManifestError } from './errors';

/** One route of Docusaurus's route tree, as `.docusaurus/routes.js` declares it. */
export interface RouteNode {
  path: string;
  /**
   * The `ComponentCreator(path, hash)` hash: `${path}-${hash}` keys routesChunkNames.json. The
   * fallback route `*` has none: its component (NotFound) is part of the main bundle.
   */
  hash: string | null;
  routes: RouteNode[];
  /** Where the route's object literal is in routes.js (plugins/performance/route-sections cuts by it). */
  source: { start: number; end: number };
}

/** A page: a leaf route with the keys of itself and of every layout route around it. */
export interface PageRoute {
  path: string;
  chunkKeys: string[];
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * Reads the nested route tree from the generated `routes.js` with a real JavaScript parser.
 * The tree (which layout routes wrap which page) is only recorded there; routesChunkNames.json
 * is flat, and a page also needs the chunks of its layouts (for docs: the sidebar data).
 *
 * Reach-in (docs/upgrading.md, "routes.js parsed with Babel"): `.docusaurus/routes.js` is code that
 * Docusaurus generates for its own bundle, not a documented format, and no plugin hook hands over
 * the nested tree with the hashes. What this relies on, and what breaks on upgrade:
 * - `export default [ … ]`, an array literal of object literals (else BUILD_ERR_BUILD_INPUT);
 * - each route's `component: ComponentCreator('<path>', '<hash>')` with string literals (the
 *   fallback route `*` has no hash), and children under `routes: [ … ]`;
 * - `${path}-${hash}` being the key of that route in routesChunkNames.json (classify.ts fails
 *   the build with BUILD_ERR_BUILD_INPUT naming the first key it cannot find).
 * Most changes fail the build (BUILD_ERR_BUILD_INPUT here, or files left unclassified later), but a
 * renamed `routes` key would turn layouts into pages. Guarded by
 * site/plugins/access/manifest/__tests__/upgrade-smoke.test.ts, which checks the real build's routes.js.
 */
export function parseRouteTree(routesJs: string): RouteNode[] {
  const ast = parse(routesJs, { sourceType: 'module' }) as unknown as { program: { body: Node[] } };
  const exported = ast.program.body.find((node) => node.type === 'ExportDefaultDeclaration');
  const routes = exported?.declaration as Node | undefined;
  if (routes?.type !== 'ArrayExpression') {
    throw new AccessManifestError('BUILD_ERR_BUILD_INPUT', 'routes.js does not export an array of routes');
  }
  return (routes.elements as Node[]).map(toRouteNode);
}

function toRouteNode(node: Node): RouteNode {
  if (node.type !== 'ObjectExpression') {
    throw new AccessManifestError('BUILD_ERR_BUILD_INPUT', `routes.js: unexpected ${node.type} in the route list`);
  }
  const props = new Map<string, Node>();
  for (const prop of node.properties as Node[]) {
    const key = prop.key as Node | undefined;
    if (prop.type === 'ObjectProperty' && key?.type === 'Identifier') props.set(key.name as string, prop.value as Node);
  }
  const component = props.get('component');
  const isCreator = component?.type === 'CallExpression' && (component.callee as Node).name === 'ComponentCreator';
  const args = isCreator ? (component.arguments as Node[]) : [];
  const [pathArg, hashArg] = args;
  if (pathArg?.type !== 'StringLiteral' || (hashArg !== undefined && hashArg.type !== 'StringLiteral')) {
    throw new AccessManifestError('BUILD_ERR_BUILD_INPUT', 'routes.js: a route has no ComponentCreator(path, hash)');
  }
  const subroutes = props.get('routes');
  return {
    path: pathArg.value as string,
    hash: hashArg ? (hashArg.value as string) : null,
    routes: subroutes?.type === 'ArrayExpression' ? (subroutes.elements as Node[]).map(toRouteNode) : [],
    source: { start: node.start, end: node.end },
  };
}

/** Flattens the tree to pages, each carrying its ancestors' route keys. */
export function pageRoutes(tree: readonly RouteNode[], ancestors: string[] = []): PageRoute[] {
  return tree.flatMap((route) => {
    const keys = route.hash === null ? ancestors : [...ancestors, `${route.path}-${route.hash}`];
    return route.routes.length === 0 ? [{ path: route.path, chunkKeys: keys }] : pageRoutes(route.routes, keys);
  });
}
