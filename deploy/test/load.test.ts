/** The load test's targets: pages by their routes, as the path model names them, and assets by name. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ACCESS_MANIFEST_FILE } from '@tala/policy';
import { readerTargets } from './load.ts';

test('readerTargets asks for pages at their routes, for other files by name, and never for on-prem files', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-load-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files = {
    'index.html': 'public',
    'studio/build/index.html': 'reader',
    // Ends in "index.html" but is no page: an asset whose name happens to end that way.
    'assets/files/fooindex.html': 'reader',
    'assets/js/main.0123abcd.js': 'reader',
    'on-prem/overview/index.html': 'onprem',
  } as const;
  for (const file of Object.keys(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), file);
  }
  writeFileSync(path.join(dir, 'studio/build/index.html.br'), 'br');
  writeFileSync(path.join(dir, ACCESS_MANIFEST_FILE), JSON.stringify({ version: 1, files, inlineScriptHashes: [] }));

  assert.deepEqual(
    readerTargets(dir, 10, 1024).map(({ url, encoding }) => [url, encoding]),
    [
      ['/', null],
      ['/studio/build/', 'br'],
      ['/assets/files/fooindex.html', null],
      ['/assets/js/main.0123abcd.js', null],
    ],
  );
});
