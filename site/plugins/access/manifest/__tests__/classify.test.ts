import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChunkGraph } from '../chunk-graph';
import { classifyBuildFiles, withSectionChunks } from '../classify';
import { pageRoutes, parseRouteTree } from '../route-tree';

const ROUTES_JS = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';
export default [
  { path: '/Login/', component: ComponentCreator('/Login/', 'a1'), exact: true },
  { path: '/on-prem/', component: ComponentCreator('/on-prem/', 'b1'), routes: [
    { path: '/on-prem/x/', component: ComponentCreator('/on-prem/x/', 'b2'), exact: true },
  ] },
  { path: '/', component: ComponentCreator('/', 'c1'), routes: [
    { path: '/guide/', component: ComponentCreator('/guide/', 'c2'), exact: true },
  ] },
  { path: '*', component: ComponentCreator('*') },
];`;

const graph: ChunkGraph = {
  entryChunks: ['main'],
  namedChunkGroups: {
    login: ['c-login'],
    onpremLayout: ['c-oplayout'],
    onpremX: ['c-opx', 'c-shared'],
    docsLayout: ['c-layout'],
    guide: ['c-guide', 'c-shared'],
  },
  chunks: [
    { id: 'main', files: ['assets/js/main.js'], auxiliaryFiles: [], originModules: [''] },
    { id: 'c-login', files: ['assets/js/login.js'], auxiliaryFiles: [], originModules: ['registry'] },
    { id: 'c-oplayout', files: ['assets/js/oplayout.js'], auxiliaryFiles: [], originModules: ['registry'] },
    {
      id: 'c-opx',
      files: ['assets/js/opx.js'],
      auxiliaryFiles: ['assets/images/secret.png'],
      originModules: ['registry'],
    },
    { id: 'c-shared', files: ['assets/js/shared.js'], auxiliaryFiles: [], originModules: ['registry'] },
    { id: 'c-lazy', files: ['assets/js/lazy.js'], auxiliaryFiles: [], originModules: ['opx-module'] },
    { id: 'c-layout', files: ['assets/js/layout.js'], auxiliaryFiles: [], originModules: ['registry'] },
    { id: 'c-guide', files: ['assets/js/guide.js'], auxiliaryFiles: [], originModules: ['registry'] },
  ],
  moduleChunks: { registry: ['main'], 'opx-module': ['c-opx'] },
  onPremImports: {},
};

const input = (files: string[]) => ({
  files,
  pages: pageRoutes(parseRouteTree(ROUTES_JS)),
  routesChunkNames: {
    '/Login/-a1': { __comp: 'login' },
    '/on-prem/-b1': { __comp: 'onpremLayout' },
    '/on-prem/x/-b2': { __comp: 'onpremX' },
    '/-c1': { __comp: 'docsLayout' },
    '/guide/-c2': { __comp: 'guide', __props: { nested: 'guide' } },
  },
  chunkGraph: graph,
  staticFiles: new Set(['img/logo.svg']),
  isRouteRegistry: (id: string) => id === 'registry',
});

const ALL = [
  'Login/index.html',
  'on-prem/x/index.html',
  'guide/index.html',
  'assets/js/main.js',
  'assets/js/login.js',
  'assets/js/oplayout.js',
  'assets/js/opx.js',
  'assets/images/secret.png',
  'assets/js/shared.js',
  'assets/js/lazy.js',
  'assets/js/layout.js',
  'assets/js/guide.js',
  'img/logo.svg',
];

test('a page inherits the chunks of its layout routes; lazy chunks follow the module that imports them', () => {
  const levels = classifyBuildFiles(input(ALL));
  assert.equal(levels['assets/js/main.js'], 'public');
  assert.equal(levels['assets/js/login.js'], 'public');
  assert.equal(levels['Login/index.html'], 'public');
  assert.equal(levels['assets/js/oplayout.js'], 'onprem');
  assert.equal(levels['assets/js/opx.js'], 'onprem');
  assert.equal(levels['assets/images/secret.png'], 'onprem');
  assert.equal(levels['assets/js/lazy.js'], 'onprem');
  assert.equal(levels['assets/js/layout.js'], 'reader');
  assert.equal(levels['assets/js/shared.js'], 'reader', 'shared by a reader page: the least restrictive wins');
  assert.equal(levels['img/logo.svg'], 'public');
});

test('BUILD_ERR_UNCLASSIFIED_FILE names the file that no rule or page accounts for', () => {
  assert.throws(
    () => classifyBuildFiles(input([...ALL, 'assets/js/orphan.js', 'stray.txt'])),
    (error: Error & { code?: string }) =>
      error.code === 'BUILD_ERR_UNCLASSIFIED_FILE' &&
      /build\/assets\/js\/orphan\.js/.test(error.message) &&
      /build\/stray\.txt/.test(error.message),
  );
});

test('a route without chunk names in routesChunkNames fails the build', () => {
  const broken = { ...input(ALL), routesChunkNames: { '/Login/-a1': { __comp: 'login' } } };
  assert.throws(() => classifyBuildFiles(broken), /missing from routesChunkNames/);
});

test('route-table sections: each is classified like the pages it lists, and its route import()s reach nothing', () => {
  // plugins/performance/route-sections: the pages' routes moved into section modules, loaded by the shell in main.
  const sectionGraph: ChunkGraph = {
    ...graph,
    namedChunkGroups: { ...graph.namedChunkGroups, 'tala-routes-on-prem': ['c-rop'], 'tala-routes-guide': ['c-rg'] },
    chunks: [
      ...graph.chunks,
      { id: 'c-rop', files: ['assets/js/routes-op.js'], auxiliaryFiles: [], originModules: ['sections/index.js'] },
      { id: 'c-rg', files: ['assets/js/routes-guide.js'], auxiliaryFiles: [], originModules: ['sections/index.js'] },
    ],
    moduleChunks: { ...graph.moduleChunks, 'sections/index.js': ['main'], 'sections/on-prem.js': ['c-rop'] },
  };
  const base = input([...ALL, 'assets/js/routes-op.js', 'assets/js/routes-guide.js']);
  const levels = classifyBuildFiles({
    ...base,
    chunkGraph: sectionGraph,
    routesChunkNames: withSectionChunks(base.routesChunkNames, {
      'tala-routes-on-prem': ['/on-prem/x/-b2'],
      'tala-routes-guide': ['/guide/-c2'],
    }),
    isRouteRegistry: (id: string) => id === 'registry' || id.startsWith('sections/'),
  });
  assert.equal(levels['assets/js/routes-op.js'], 'onprem');
  assert.equal(levels['assets/js/routes-guide.js'], 'reader');
  // Loaded by a module of main (the shell's loader), yet not public: the loader counts as the registry.
  assert.equal(levels['assets/js/main.js'], 'public');
  assert.equal(levels['assets/js/opx.js'], 'onprem');
  assert.throws(
    () => withSectionChunks(base.routesChunkNames, { 'tala-routes-x': ['/nowhere/-zz'] }),
    /\/nowhere\/-zz of tala-routes-x is missing/,
  );
});
