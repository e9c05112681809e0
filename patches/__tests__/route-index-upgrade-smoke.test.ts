import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageDir, packageFile, packageJson, repoDir } from '../../site/__tests__/upgrade-smoke';

const SECTION = 'Route lookup by path';
/** The ES module build is what the site's bundles take; the CommonJS build is what Node loads. */
const PATCHED_FILES = ['esm/react-router-config.js', 'cjs/react-router-config.js'];

type Route = {
  path?: string | string[];
  exact?: boolean;
  strict?: boolean;
  sensitive?: boolean;
  key?: string;
  routes?: Route[];
  component?: unknown;
};
type Branch = { route: Route; match: unknown }[];

const require = createRequire(path.join(packageDir('react-router-config'), 'package.json'));
const React = require('react') as typeof import('react');
const { renderToStaticMarkup } = require('react-dom/server') as typeof import('react-dom/server');
const router = require('react-router') as {
  matchPath: (pathname: string, options: unknown) => unknown;
  Router: { computeRootMatch: (pathname: string) => unknown };
  StaticRouter: React.ComponentType<{ location: string; children?: React.ReactNode }>;
  Switch: React.ComponentType<{ children?: React.ReactNode }>;
  Route: React.ComponentType<Record<string, unknown>>;
};
/** The patched CommonJS build (the ES module build carries the same code: checked below). */
const patched = require(path.join(packageDir('react-router-config'), 'cjs/react-router-config.js')) as {
  matchRoutes: (routes: Route[], pathname: string) => Branch;
  renderRoutes: (routes: Route[]) => React.ReactElement | null;
};

/** react-router-config 5.1.1's matchRoutes as published: every route tried in order. */
function matchRoutesInOrder(routes: Route[], pathname: string, branch: Branch = []): Branch {
  routes.some((route) => {
    const match = route.path
      ? router.matchPath(pathname, route)
      : branch.length
        ? branch[branch.length - 1]?.match
        : router.Router.computeRootMatch(pathname);
    if (match) {
      branch.push({ route, match });
      if (route.routes) matchRoutesInOrder(route.routes, pathname, branch);
    }
    return match;
  });
  return branch;
}

/** Its renderRoutes as published: a Switch over every route. */
function renderRoutesInOrder(routes: Route[]): React.ReactElement {
  return React.createElement(
    router.Switch,
    null,
    routes.map((route, i) =>
      React.createElement(router.Route, {
        key: route.key || i,
        path: route.path,
        exact: route.exact,
        strict: route.strict,
        render: (props: object) =>
          React.createElement(route.component as React.ComponentType, { ...props, route } as object),
      }),
    ),
  );
}

/** A component that prints which route rendered it and with what match. */
const Page = ({ route, match }: { route: Route; match: { url: string; params: object } }) =>
  React.createElement('p', null, `${String(route.path)} ${match.url} ${JSON.stringify(match.params)}`);

/** Every kind of route a table can hold, in an order where earlier routes shadow later ones. */
function table(): Route[] {
  const exact = (p: string, more: Partial<Route> = {}): Route => ({ path: p, exact: true, component: Page, ...more });
  return [
    exact('/'),
    exact('/studio/deploy/'),
    exact('/studio/deploy'), // the same path again: the first wins
    exact('/Studio/Flows/'),
    exact('/studio/strict/', { strict: true }),
    exact('/studio/Sensitive/', { sensitive: true }),
    { path: '/docs/:id/', exact: true, component: Page },
    exact('/docs/latest/'), // after a parameter route that matches it first
    exact('/reference/a.b/'),
    exact('/a+b/'),
    exact('/é/'),
    { path: ['/one/', '/two/'], exact: true, component: Page },
    { path: '/prefix/', component: Page }, // not exact: matches everything under it
    exact('/prefix/page/'),
    ...Array.from({ length: 200 }, (_, i) => exact(`/category/page-${i}/`)),
    exact(''),
    { path: '/files/*', component: Page },
    { component: Page }, // no path: matches what reaches it
  ];
}

const PATHNAMES = [
  '/',
  '',
  '/studio/deploy/',
  '/studio/deploy',
  '/STUDIO/DEPLOY/',
  '/studio/deploy//',
  '/studio/flows/',
  '/studio/strict',
  '/studio/strict/',
  '/studio/sensitive/',
  '/studio/Sensitive/',
  '/docs/latest/',
  '/docs/42/',
  '/reference/a.b/',
  '/reference/axb/',
  '/a+b/',
  '/aab/',
  '/é/',
  '/%C3%A9/',
  '/\u212Aelvin/',
  '/one/',
  '/two',
  '/prefix/page/',
  '/prefix/',
  '/category/page-0/',
  '/category/page-199',
  '/category/PAGE-42/',
  '/category/page-200/',
  '/files/a/b',
  '/nowhere/',
  '/studio/deploy/?q=1',
];

test('UPGRADE route lookup by path: the patch matches the installed react-router-config, in both builds', () => {
  const name = `react-router-config+${packageJson('react-router-config').version}.patch`;
  assert.ok(readdirSync(path.join(repoDir, 'patches')).includes(name), broke(`no ${name}`, 'patches/', SECTION));
  for (const file of PATCHED_FILES) {
    const source = packageFile('react-router-config', file);
    for (const line of ['candidateRoutes(routes, pathname).some(function (i) {', 'function IndexedSwitch(props) {'])
      assert.ok(source.includes(line), broke(`no "${line}"`, `react-router-config/${file}`, SECTION));
  }
  const docs = packageFile('@docusaurus/plugin-content-docs', 'lib/client/docsUtils.js');
  assert.ok(
    docs.includes('const currentDocRoute = matchRoutes(docRoutes, location.pathname)[0]?.route;'),
    broke(
      'useDocRootMetadata does not look its route up with matchRoutes',
      'plugin-content-docs/lib/client/docsUtils.js',
      SECTION,
    ),
  );
});

test('UPGRADE route lookup by path: matchRoutes gives the branch trying every route in order gives', () => {
  const routes: Route[] = [{ path: '/', component: Page, routes: table() }, ...table()];
  let compared = 0;
  for (const pathname of PATHNAMES) {
    const expected = matchRoutesInOrder(routes, pathname);
    const actual = patched.matchRoutes(routes, pathname);
    assert.equal(actual.length, expected.length, pathname);
    actual.forEach((step, i) => {
      assert.equal(step.route, expected[i]?.route, `${pathname}: route ${i}`);
      assert.deepEqual(step.match, expected[i]?.match, `${pathname}: match ${i}`);
    });
    compared += 1;
  }
  assert.equal(compared, PATHNAMES.length);
});

test('UPGRADE route lookup by path: a table that grows after a lookup is indexed again', () => {
  // Route sections push their routes onto the table when they load (site/plugins/performance/route-sections).
  const routes = table().filter((route) => typeof route.path === 'string' && route.path !== '' && route.exact);
  assert.deepEqual(patched.matchRoutes(routes, '/added/'), []);
  routes.push({ path: '/added/', exact: true, component: Page });
  assert.equal(patched.matchRoutes(routes, '/added/')[0]?.route.path, '/added/');
});

test('UPGRADE route lookup by path: renderRoutes renders what a Switch over every route renders', () => {
  const routes = table();
  for (const pathname of PATHNAMES.filter((p) => p.startsWith('/') && !p.includes('?'))) {
    const at = (element: React.ReactElement | null) =>
      renderToStaticMarkup(React.createElement(router.StaticRouter, { location: pathname }, element));
    assert.equal(at(patched.renderRoutes(routes)), at(renderRoutesInOrder(routes)), pathname);
  }
});
