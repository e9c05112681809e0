import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type ChunkGraph, toChunkGraph } from '../chunk-graph';
import { checkOnPremImports, type OnPremImportInput } from '../on-prem-imports';
import type { PageRoute } from '../route-tree';

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(here, '../fixtures/canary-site');
const docusaurusBin = path.resolve(here, '../../../../../node_modules/@docusaurus/core/bin/docusaurus.mjs');

// --- The check on a hand-made chunk graph (fast) ---

const pages: PageRoute[] = [
  { path: '/Login/', chunkKeys: ['/Login/-a'] },
  { path: '/guide/', chunkKeys: ['/guide/-b'] },
  { path: '/on-prem/x/', chunkKeys: ['/on-prem/x/-c'] },
];
const graph = (guideImportsPartial: boolean): ChunkGraph => ({
  entryChunks: ['main'],
  namedChunkGroups: { login: ['c-login'], guide: ['c-guide'], opx: ['c-opx'] },
  chunks: [
    { id: 'main', files: ['main.js'], auxiliaryFiles: [], originModules: [''] },
    { id: 'c-login', files: ['login.js'], auxiliaryFiles: [], originModules: ['registry'] },
    { id: 'c-guide', files: ['guide.js'], auxiliaryFiles: [], originModules: ['registry'] },
    { id: 'c-opx', files: ['opx.js'], auxiliaryFiles: ['keys.png'], originModules: ['registry'] },
  ],
  moduleChunks: {
    registry: ['main'],
    guide: ['c-guide'],
    opx: ['c-opx'],
    partial: guideImportsPartial ? ['c-opx', 'c-guide'] : ['c-opx'],
    image: guideImportsPartial ? ['c-opx', 'c-guide'] : ['c-opx'],
  },
  onPremImports: {
    registry: { file: '/r/site/.docusaurus/registry.js', onPrem: false, importers: [] },
    guide: { file: '/r/site/docs/guide.mdx', onPrem: false, importers: ['registry'] },
    opx: { file: '/r/site/on-prem/x.mdx', onPrem: true, importers: ['registry'] },
    partial: {
      file: '/r/site/on-prem/_keys.mdx',
      onPrem: true,
      importers: guideImportsPartial ? ['opx', 'guide'] : ['opx'],
    },
    image: { file: '/r/site/on-prem/keys.png', onPrem: true, importers: ['partial'] },
  },
});
const input = (chunkGraph: ChunkGraph): OnPremImportInput => ({
  pages,
  routesChunkNames: {
    '/Login/-a': { __comp: 'login' },
    '/guide/-b': { content: 'guide' },
    '/on-prem/x/-c': { content: 'opx' },
  },
  chunkGraph,
  isRouteRegistry: (id) => id === 'registry',
  onPremFolders: ['/r/site/on-prem'],
  pageSources: new Map([['/guide/', '/r/site/docs/guide.mdx']]),
  display: (file) => path.relative('/r', file),
});

test('ROLE-05 on-prem modules reached only by on-prem pages pass the on-prem import check', () => {
  assert.doesNotThrow(() => checkOnPremImports(input(graph(false))));
});

test('ROLE-05 BUILD_ERR_ONPREM_IMPORT names the reader page and each import chain into the on-prem folder', () => {
  assert.throws(
    () => checkOnPremImports(input(graph(true))),
    (error: Error & { code?: string }) => {
      assert.equal(error.code, 'BUILD_ERR_ONPREM_IMPORT');
      const lines = error.message.split('\n').filter((line) => line.startsWith('  - '));
      assert.deepEqual(lines, [
        '  - /guide/ (site/docs/guide.mdx): site/docs/guide.mdx → site/on-prem/_keys.mdx',
        '  - /guide/ (site/docs/guide.mdx): site/docs/guide.mdx → site/on-prem/_keys.mdx → site/on-prem/keys.png',
      ]);
      assert.match(error.message, /HTML, its JS chunks and its search records/);
      return true;
    },
  );
});

test('ROLE-05 an on-prem module in the entry bundle is reported once, for every page', () => {
  const leaky = graph(false);
  leaky.moduleChunks.image = ['c-opx', 'main'];
  leaky.onPremImports.image = { file: '/r/site/on-prem/keys.png', onPrem: true, importers: ['partial', 'footer'] };
  leaky.onPremImports.footer = { file: '/r/site/src/theme/Footer.tsx', onPrem: false, importers: [] };
  leaky.moduleChunks.footer = ['main'];
  assert.throws(
    () => checkOnPremImports(input(leaky)),
    (error: Error) => {
      const lines = error.message.split('\n').filter((line) => line.startsWith('  - '));
      assert.deepEqual(lines, [
        '  - every page, the login screen included: site/src/theme/Footer.tsx → site/on-prem/keys.png',
      ]);
      return true;
    },
  );
});

test('ROLE-05 the chunk graph covers modules concatenated by scope hoisting (importers of the root)', () => {
  // The shape Rspack reports: the concatenated module is `<root>|<hash>` and lists its inner
  // modules; in the module graph, imports from outside point at it (moved from its root), and an
  // import between inner modules comes from the concatenated module, its dependency's parent
  // being the inner module it was written in.
  type FakeModule = { identifier(): string; modules?: FakeModule[] };
  const module = (id: string, modules?: FakeModule[]): FakeModule => ({
    identifier: () => id,
    ...(modules ? { modules } : {}),
  });
  const registry = module('loader!/r/site/.docusaurus/registry.js');
  const guide = module('loader!/r/site/docs/guide.mdx');
  const partial = module('loader!/r/site/docs/_partial.mdx');
  const keys = module('loader!/r/site/on-prem/_keys.mdx');
  const concatenated = module('loader!/r/site/docs/guide.mdx|h1', [guide, partial, keys]);
  // A concatenation whose root the identifier does not name: its importers count for each module.
  const faq = module('loader!/r/site/docs/faq.mdx');
  const diagram = module('loader!/r/site/on-prem/diagram.svg');
  const unnamed = module('concatenated-7', [faq, diagram]);
  // guide imports partial, which imports keys; the registry imports guide.
  const incoming = new Map([
    [concatenated, [{ originModule: registry, dependency: { parent: registry } }]],
    [unnamed, [{ originModule: registry, dependency: { parent: registry } }]],
    [partial, [{ originModule: concatenated, dependency: { parent: guide } }]],
    [keys, [{ originModule: concatenated, dependency: { parent: partial } }]],
  ]);
  const stats = {
    toJson: () => ({
      modules: [
        { identifier: 'loader!/r/site/.docusaurus/registry.js', nameForCondition: '/r/site/.docusaurus/registry.js' },
        {
          identifier: 'loader!/r/site/docs/guide.mdx|h1',
          chunks: ['c-guide'],
          modules: [
            { identifier: 'loader!/r/site/docs/guide.mdx', nameForCondition: '/r/site/docs/guide.mdx' },
            { identifier: 'loader!/r/site/docs/_partial.mdx', nameForCondition: '/r/site/docs/_partial.mdx' },
            { identifier: 'loader!/r/site/on-prem/_keys.mdx', nameForCondition: '/r/site/on-prem/_keys.mdx' },
          ],
        },
        {
          identifier: 'concatenated-7',
          chunks: ['c-faq'],
          modules: [
            { identifier: 'loader!/r/site/docs/faq.mdx', nameForCondition: '/r/site/docs/faq.mdx' },
            { identifier: 'loader!/r/site/on-prem/diagram.svg', nameForCondition: '/r/site/on-prem/diagram.svg' },
          ],
        },
      ],
    }),
    compilation: {
      modules: [registry, concatenated, unnamed],
      moduleGraph: {
        getIncomingConnections: (target: FakeModule) => incoming.get(target) ?? [],
        getParentModule: (dependency: { parent: FakeModule }) => dependency.parent,
      },
    },
  };
  const chunkGraph = toChunkGraph(stats, {
    folders: ['/r/site/on-prem'],
    isRouteRegistry: (id) => id.endsWith('!/r/site/.docusaurus/registry.js'),
  });
  assert.deepEqual(chunkGraph.moduleChunks['loader!/r/site/on-prem/_keys.mdx'], ['c-guide']);
  assert.deepEqual(chunkGraph.onPremImports['loader!/r/site/on-prem/_keys.mdx'], {
    file: '/r/site/on-prem/_keys.mdx',
    onPrem: true,
    importers: ['loader!/r/site/docs/_partial.mdx'],
  });
  assert.deepEqual(chunkGraph.onPremImports['loader!/r/site/docs/_partial.mdx']?.importers, [
    'loader!/r/site/docs/guide.mdx',
  ]);
  assert.deepEqual(chunkGraph.onPremImports['loader!/r/site/docs/guide.mdx']?.importers, [
    'loader!/r/site/.docusaurus/registry.js',
  ]);
  assert.deepEqual(chunkGraph.onPremImports['loader!/r/site/on-prem/diagram.svg']?.importers, [
    'loader!/r/site/.docusaurus/registry.js',
  ]);
});

// --- The real build of the canary fixture, with the mistake planted ---

// Its own generated-files and output folders, so that it may run beside canary.test.ts's build.
const generatedDir = path.join(siteDir, '.planted');
const outDir = path.join(os.tmpdir(), `canary-planted-${process.pid}`);
after(async () => {
  await rm(generatedDir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
});

test('ROLE-05 the build refuses a reader page that imports an on-prem partial, naming the page and the chain', async () => {
  const env = {
    ...process.env,
    CANARY_PLANT_ONPREM_IMPORT: '1',
    DOCUSAURUS_GENERATED_FILES_DIR_NAME: path.join('.planted', '.docusaurus'),
    DOCUSAURUS_NO_PERSISTENT_CACHE: '1',
  };
  const build = promisify(execFile)(process.execPath, [docusaurusBin, 'build', siteDir, '--out-dir', outDir], {
    cwd: siteDir,
    env,
    timeout: 240_000,
  });
  const failure = await build.then(
    () => assert.fail('the build passed with an on-prem partial in a reader page'),
    (error: Error & { code?: number; stdout?: string; stderr?: string }) => error,
  );
  assert.notEqual(failure.code, 0);
  const output = `${failure.stdout}\n${failure.stderr}`;
  assert.match(output, /BUILD_ERR_ONPREM_IMPORT/);
  const page = 'canary-site/docs/_planted/reader-leak.mdx';
  const partial = 'canary-site/on-prem/_licence-keys.mdx';
  assert.ok(output.includes(`- /reader-leak/ (${page}): ${page} → ${partial}\n`), output);
  assert.ok(output.includes(`${page} → ${partial} → canary-site/on-prem/canary-diagram.svg`), output);
  assert.match(output, /HTML, its JS chunks and its search records/);
});
