import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { ChunkGraph } from '../../../access/manifest/chunk-graph';
import { addPageScripts } from '../index';

const graph: ChunkGraph = {
  entryChunks: ['runtime', 'main'],
  namedChunkGroups: {
    docRoot: ['vendor', 'main', 'docRoot'],
    content: ['content'],
    'tala-routes-studio': ['routes-studio'],
  },
  chunks: [
    { id: 'runtime', files: ['assets/js/runtime~main.1.js'], auxiliaryFiles: [], originModules: [''] },
    { id: 'main', files: ['assets/js/main.2.js', 'assets/css/styles.3.css'], auxiliaryFiles: [], originModules: [''] },
    { id: 'vendor', files: ['assets/js/vendor.4.js'], auxiliaryFiles: [], originModules: [] },
    {
      id: 'docRoot',
      files: ['assets/js/docRoot.5.js', 'assets/css/docRoot.6.css'],
      auxiliaryFiles: [],
      originModules: [],
    },
    { id: 'content', files: ['assets/js/content.7.js'], auxiliaryFiles: [], originModules: [] },
    { id: 'routes-studio', files: ['assets/js/tala-routes-studio.8.js'], auxiliaryFiles: [], originModules: [] },
  ],
  moduleChunks: {},
  onPremImports: {},
};

const page = (body: string) =>
  `<!doctype html><html><head><script src=/assets/js/runtime~main.1.js defer></script><script src=/assets/js/main.2.js defer></script></head><body>${body}</body></html>`;

test("a page lists its own chunks after main.js: its layouts' and its route's, with its route-table module, not the entry's", async () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'page-scripts-'));
  try {
    mkdirSync(path.join(outDir, 'studio/deploy'), { recursive: true });
    writeFileSync(path.join(outDir, 'studio/deploy/index.html'), page('guide'));
    const added = await addPageScripts({
      outDir,
      baseUrl: '/',
      pages: [
        { path: '/studio/deploy/', chunkKeys: ['/-a', '/studio/deploy/-b'] },
        { path: '*', chunkKeys: ['*'] },
      ],
      routesChunkNames: {
        '/-a': { __comp: 'docRoot' },
        '/studio/deploy/-b': [{ __comp: 'docRoot', content: 'content' }, 'tala-routes-studio'],
      },
      chunkGraph: graph,
    });
    assert.equal(added, 1);
    const html = readFileSync(path.join(outDir, 'studio/deploy/index.html'), 'utf8');
    assert.equal(
      html,
      page('guide').replace(
        'main.2.js defer></script>',
        'main.2.js defer></script>' +
          '<script src="/assets/js/vendor.4.js" defer></script>' +
          '<script src="/assets/js/docRoot.5.js" defer></script>' +
          '<script src="/assets/js/content.7.js" defer></script>' +
          '<script src="/assets/js/tala-routes-studio.8.js" defer></script>',
      ),
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('a page without the main.js tag where the template puts it fails the build, naming the page', async () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'page-scripts-'));
  try {
    writeFileSync(path.join(outDir, 'index.html'), '<html><head><script src=/app.js></script></head></html>');
    await assert.rejects(
      addPageScripts({
        outDir,
        baseUrl: '/',
        pages: [{ path: '/', chunkKeys: ['/-a'] }],
        routesChunkNames: { '/-a': { __comp: 'docRoot' } },
        chunkGraph: graph,
      }),
      /build\/index\.html has no main\.js script tag/,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
