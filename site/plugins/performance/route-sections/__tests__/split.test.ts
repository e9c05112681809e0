import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRouteTree } from '../../../access/manifest/route-tree';
import { MAX_MODULE_ROUTES, MIN_SECTION_ROUTES } from '../sections';
import { moduleOf, RouteSplitError, splitRoutes } from '../split';
import { readSection, recombined, registryKeysOf, sorted } from './read-split';

/** A route table in the shape Docusaurus generates (.docusaurus/routes.js, registry.js, routesChunkNames.json). */
function site(sections: Record<string, number>) {
  const leaves = Object.entries(sections).flatMap(([name, n]) =>
    Array.from({ length: n }, (_, i) => (name === '' ? '/' : `/${name}/page-${i}/`)),
  );
  const hash = (path: string) => (path.length * 7919).toString(16).slice(-3);
  const leaf = (path: string) => `              {
                path: '${path}',
                component: ComponentCreator('${path}', '${hash(path)}'),
                exact: true,
                sidebar: "docs"
              }`;
  const routesJs = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/search/',
    component: ComponentCreator('/search/', 'a01'),
    exact: true
  },
  {
    path: '/',
    component: ComponentCreator('/', 'b01'),
    routes: [
      {
        path: '/',
        component: ComponentCreator('/', 'b02'),
        routes: [
${leaves.map(leaf).join(',\n')}
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;
  const routesChunkNames: Record<string, unknown> = {
    '/search/-a01': { __comp: 'search' },
    '/-b01': { __comp: 'docsRoot', __context: { plugin: 'plugin' } },
    '/-b02': { __comp: 'docRoot', __props: 'version' },
  };
  const chunks = new Set(['search', 'docsRoot', 'plugin', 'docRoot', 'version', 'docItem']);
  for (const path of leaves) {
    const content = `content${path.replace(/\W/g, '_')}`;
    // Every doc shares the DocItem component; each has its own content chunk.
    routesChunkNames[`${path}-${hash(path)}`] = { __comp: 'docItem', content };
    chunks.add(content);
  }
  const registryJs = `export default {\n${[...chunks]
    .map(
      (name) =>
        `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "@site/${name}.md"), "@site/${name}.md", require.resolveWeak("@site/${name}.md")]`,
    )
    .join(',\n')}};\n`;
  return { routesJs, registryJs, routesChunkNames, baseUrl: '/' };
}

test('a section from MIN_SECTION_ROUTES page routes gets a module; the rest stays in the shell', () => {
  const input = site({
    studio: MIN_SECTION_ROUTES,
    reference: MIN_SECTION_ROUTES + 5,
    cccf: MIN_SECTION_ROUTES - 1,
    '': 1,
  });
  const split = splitRoutes(input);
  assert.deepEqual(
    split.sections.map((s) => [s.name, s.chunkName, s.routeKeys.length]),
    [
      ['reference', 'tala-routes-reference', 15],
      ['studio', 'tala-routes-studio', 10],
    ],
  );
  const shellPaths = JSON.stringify(parseRouteTree(split.routesJs));
  assert.doesNotMatch(shellPaths, /\/studio\/|\/reference\//);
  assert.match(shellPaths, /\/cccf\/page-8\//);
  // The layout route that lost children says which it is; the section's routes name it.
  assert.match(split.routesJs, /talaRouteKey: "\/-b02",/);
  assert.deepEqual([...readSection(split.sections[1]?.source as string).routes.keys()], ['/-b02']);
});

test('shell and sections together are the original table: routes and chunk names once each, every registry entry where it is used', () => {
  const input = site({ studio: 12, reference: 2 * MAX_MODULE_ROUTES + 30, cccf: 3, '': 1 });
  const split = splitRoutes(input);
  // The reference is over the limit: three modules, named after the first directory each holds (in code-unit order).
  assert.deepEqual(
    split.sections.map((s) => [s.chunkName, s.routeKeys.length]),
    [
      ['tala-routes-reference', MAX_MODULE_ROUTES],
      ['tala-routes-reference.page-156', MAX_MODULE_ROUTES],
      ['tala-routes-reference.page-72', 30],
      ['tala-routes-studio', 12],
    ],
  );
  assert.deepEqual(recombined(split), sorted(parseRouteTree(input.routesJs)));

  const sections = split.sections.map((s) => readSection(s.source));
  const chunkNames = [JSON.parse(split.routesChunkNamesJson), ...sections.map((s) => s.routesChunkNames)];
  assert.deepEqual(Object.assign({}, ...chunkNames), input.routesChunkNames);
  assert.equal(chunkNames.flatMap(Object.keys).length, Object.keys(input.routesChunkNames).length);

  const registry = [registryKeysOf(split.registryJs), ...sections.map((s) => s.registryKeys)];
  assert.deepEqual([...new Set(registry.flat())].sort(), registryKeysOf(input.registryJs).sort());
  // A chunk the shell uses stays in the shell only: the docs' shared DocItem (the home page is a doc).
  assert.ok(registry[0]?.includes('docItem'));
  for (const keys of registry.slice(1)) {
    assert.ok(!keys.includes('docItem'), keys.join());
    assert.equal(new Set(keys).size, keys.length, 'an entry twice in one section');
  }
  // A page's own content is in its section only.
  const contents = registry
    .slice(1)
    .flat()
    .filter((key) => key.startsWith('content'));
  assert.equal(new Set(contents).size, contents.length);
});

test('a chunk only sections use is in each of them, not in the shell (main.js does not grow with what sections share)', () => {
  const input = site({ studio: 12, reference: 12, '': 1 });
  // Every reference and studio page also loads one module (as a sidebar group does), the home page not.
  const shared = 'sharedBySections';
  const routesChunkNames = Object.fromEntries(
    Object.entries(input.routesChunkNames).map(([key, value]) =>
      key.startsWith('/studio/') || key.startsWith('/reference/')
        ? [key, { ...(value as Record<string, unknown>), group: shared }]
        : [key, value],
    ),
  );
  const registryJs = input.registryJs.replace(
    'export default {\n',
    `export default {\n  "${shared}": [() => import("./shared.js"), "./shared.js", require.resolveWeak("./shared.js")],\n`,
  );
  const split = splitRoutes({ ...input, routesChunkNames, registryJs });
  assert.ok(!registryKeysOf(split.registryJs).includes(shared));
  const holders = split.sections.filter((section) => readSection(section.source).registryKeys.includes(shared));
  assert.deepEqual(
    holders.map((section) => section.chunkName),
    ['tala-routes-reference', 'tala-routes-studio'],
  );
});

test("a path's module is found in its deepest split directory, by the child it is under, after the base URL", () => {
  const ranges = {
    studio: [['', 'studio']],
    reference: [['', 'reference']],
    'reference/apis': [
      ['', 'reference/apis'],
      ['inquire', 'reference/apis/inquire'],
    ],
  } as const;
  assert.equal(moduleOf('/docs/studio/deploy/', '/docs/', ranges), 'studio');
  assert.equal(moduleOf('/studio/deploy/', '/', ranges), 'studio');
  assert.equal(moduleOf('/reference/apis/engine/inputs/send/', '/', ranges), 'reference/apis');
  assert.equal(moduleOf('/reference/apis/studio/auth/login/', '/', ranges), 'reference/apis/inquire');
  assert.equal(moduleOf('/reference/apis/', '/', ranges), 'reference/apis');
  assert.equal(moduleOf('/reference/tql/', '/', ranges), 'reference');
  assert.equal(moduleOf('/reference/', '/', ranges), 'reference');
  // A prefix of a directory's name is not that directory.
  assert.equal(moduleOf('/studios/x/', '/', ranges), '');
  assert.equal(moduleOf('/', '/', ranges), '');
  // What follows the last slash is a page of the shell's directory.
  assert.equal(moduleOf('/studio', '/', ranges), '');
});

test('generated files of another shape fail the build with RouteSplitError', () => {
  const input = site({ studio: 12 });
  const broken = [
    { ...input, routesJs: 'export default routes;' },
    {
      ...input,
      routesJs: input.routesJs.replace(
        "component: ComponentCreator('/studio/page-3/'",
        "component: Other('/studio/page-3/'",
      ),
    },
    { ...input, registryJs: 'export default makeRegistry();' },
    {
      ...input,
      routesChunkNames: { ...input.routesChunkNames, [Object.keys(input.routesChunkNames)[4] as string]: undefined },
    },
  ].map((variant, i) =>
    i === 3
      ? {
          ...variant,
          routesChunkNames: Object.fromEntries(Object.entries(variant.routesChunkNames).filter(([, v]) => v)),
        }
      : variant,
  );
  for (const variant of broken) assert.throws(() => splitRoutes(variant), RouteSplitError);
});
