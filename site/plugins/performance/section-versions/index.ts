import { createHash } from 'node:crypto';
import type { RouteConfig } from '@docusaurus/types';
import { BuildError } from '../../build-errors';
import { type Group, planGroups, type SidebarItem, viewOf } from './groups';
import { prefixesOf } from './prefixes';

/**
 * A docs version's props per part of the docs: the props every docs page loads (every sidebar item
 * and every doc's title and description: 222 KB at 509 pages, 434 KB at 913) would grow with the
 * docs; split, a page loads its part's tree (at most MAX_GROUP_PAGES pages, groups.ts) and one item
 * per category outside it, so its cost stays flat as the docs grow
 * (docs/decisions/growth-with-content.md).
 *
 * The docs plugin nests its routes as DocsRoot → DocVersionRoot (props.version) → DocRoot → the
 * pages. Here, each group gets its own DocVersionRoot, matched by the path prefixes of its pages
 * (`/:talaSection(studio|category/build|…)`, path-to-regexp as React Router 5 reads it), whose
 * version props hold the sidebar with the categories outside the group reduced (groups.ts) and only
 * the group's docs. The original DocVersionRoot stays last, for the pages of no category (the home
 * page, pages without a sidebar, tags). Page routes keep their paths and their sidebar.
 *
 * Why not a docs plugin instance per section: an instance's category index pages live under its
 * route base path, and the portal's `/category/…` routes are fixed.
 *
 * Reach-in (docs/upgrading.md, "Docs version props per section"): the route tree above and the
 * version props' `docsSidebars` and `docs` (props.js `toVersionMetadataProp`). Anything else fails
 * the build (BUILD_ERR_SECTION_VERSIONS); __tests__/upgrade-smoke.test.ts runs the real plugin.
 */

interface VersionProp {
  docsSidebars: Record<string, SidebarItem[]>;
  docs: Record<string, { id: string; sidebar?: string }>;
  [key: string]: unknown;
}

function fail(message: string): never {
  throw new BuildError('BUILD_ERR_SECTION_VERSIONS', message);
}

/**
 * The route paths that match a group's prefixes: one per parent directory, `studio` as itself and
 * `category/admin`, `category/auth` as `category/:talaSection(admin|auth)`, so that the shell's
 * route table (which every page loads, each path three times) holds each common directory once.
 * The codegen writes paths into single-quoted JS strings: no backslash may appear, so a `.` in a
 * pattern is `[.]`.
 */
function prefixPaths(base: string, prefixes: readonly string[]): { path: string; prefixes: string[] }[] {
  const byDirectory = new Map<string, string[]>();
  for (const prefix of prefixes) {
    const cut = prefix.lastIndexOf('/');
    const directory = cut < 0 ? '' : prefix.slice(0, cut + 1);
    byDirectory.set(directory, [...(byDirectory.get(directory) ?? []), prefix.slice(cut + 1)]);
  }
  return [...byDirectory].map(([directory, names]) => {
    const prefixes = names.map((name) => `${directory}${name}`);
    if (names.length === 1) return { path: `${base}${prefixes[0]}`, prefixes };
    for (const name of names) {
      if (!/^[\w.-]+$/.test(name)) fail(`a page path has characters a route pattern cannot hold: ${directory}${name}`);
    }
    return {
      path: `${base}${directory}:talaSection(${names.map((n) => n.replaceAll('.', '[.]')).join('|')})`,
      prefixes,
    };
  });
}

type CreateData = (name: string, data: string) => Promise<string>;

/** DocVersionRoot routes, one per group, then the original for the rest. */
async function splitVersionRoute(
  versionRoute: RouteConfig,
  docRootComponent: string,
  createData: CreateData,
): Promise<RouteConfig[]> {
  const version = versionRoute.props?.version as VersionProp | undefined;
  if (!version?.docsSidebars || !version.docs)
    fail('a DocVersionRoot route has no props.version with docsSidebars and docs');
  const { docsSidebars, docs } = version;
  const docRoot = versionRoute.routes?.find((r) => r.component === docRootComponent);
  if (!docRoot?.routes) fail(`the DocVersionRoot route ${versionRoute.path} has no DocRoot route with pages`);
  const base = versionRoute.path.endsWith('/') ? versionRoute.path : `${versionRoute.path}/`;

  const groups: Group[] = Object.entries(docsSidebars).flatMap(([sidebar, items]) => planGroups(sidebar, items));
  if (groups.length < 2) return [versionRoute];

  const ownerOf = new Map<string, Group | null>();
  for (const route of docRoot.routes ?? []) {
    if (!route.path.startsWith(base)) fail(`the page ${route.path} is not under its version's path ${base}`);
    const sidebar = (route as { sidebar?: string }).sidebar;
    ownerOf.set(route.path, groups.find((g) => g.sidebar === sidebar && g.hrefs.has(route.path)) ?? null);
  }
  const relative = (path: string) => path.slice(base.length).replace(/\/$/, '');
  const { prefixes, exact } = prefixesOf([...ownerOf].map(([path, owner]) => ({ path: relative(path), owner })));

  const inGroups = new Set(groups.flatMap((g) => [...g.docIds]));
  // The version props as a module of their own, shared by a group's routes (one chunk per group).
  const { props: _props, ...versionRest } = versionRoute;
  const moduleOf = async (group: Group | null, docIds: (id: string) => boolean) => {
    const json = JSON.stringify({
      ...version,
      docsSidebars: Object.fromEntries(
        Object.entries(docsSidebars).map(([name, items]) => [
          name,
          viewOf(items, group?.sidebar === name ? group : null),
        ]),
      ),
      docs: Object.fromEntries(Object.entries(docs).filter(([id]) => docIds(id))),
    });
    const name = `tala-version-${createHash('sha256').update(json).digest('hex').slice(0, 16)}.json`;
    return { ...versionRest.modules, version: await createData(name, json) };
  };
  const pagesOf = (owner: Group | null) => (docRoot.routes ?? []).filter((r) => ownerOf.get(r.path) === owner);

  const groupRoutes: RouteConfig[] = [];
  for (const group of groups) {
    const modules = await moduleOf(group, (id) => group.docIds.has(id) || !inGroups.has(id));
    const pages = pagesOf(group);
    // A page no prefix tells apart: a version route of its own, matched by its whole path.
    const exactPaths = new Set(exact.get(group) ?? []);
    for (const path of exactPaths) {
      const own = pages.filter((r) => relative(r.path) === path);
      groupRoutes.push({
        ...versionRest,
        path: `${base}${path}`,
        exact: true,
        modules,
        routes: [{ ...docRoot, routes: own }],
      });
    }
    for (const { path, prefixes: under } of prefixPaths(base, prefixes.get(group) ?? [])) {
      const matched = pages.filter((r) => {
        const page = relative(r.path);
        return !exactPaths.has(page) && under.some((prefix) => page === prefix || page.startsWith(`${prefix}/`));
      });
      groupRoutes.push({ ...versionRest, path, modules, routes: [{ ...docRoot, routes: matched }] });
    }
  }
  const restRoute: RouteConfig = {
    ...versionRest,
    modules: await moduleOf(null, (id) => !inGroups.has(id)),
    routes: (versionRoute.routes ?? []).map((r) => (r === docRoot ? { ...r, routes: pagesOf(null) } : r)),
  };
  return [...groupRoutes, restRoute];
}

/** The docs plugin's DocsRoot route with its DocVersionRoot routes split per group of pages. */
export async function sectionVersionRoutes(
  docsRoot: RouteConfig,
  docRootComponent: string,
  createData: CreateData,
): Promise<RouteConfig> {
  if (!docsRoot.routes) fail(`the docs root route ${docsRoot.path} has no version routes`);
  const routes: RouteConfig[] = [];
  for (const versionRoute of docsRoot.routes ?? []) {
    routes.push(...(await splitVersionRoute(versionRoute, docRootComponent, createData)));
  }
  return { ...docsRoot, routes };
}
