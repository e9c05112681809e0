import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { brotliQuality, precompress } from '../precompress';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-precompress-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Text that brotli compresses differently at 7 and 11 (repetitive, with variation). */
const sample = (seed: string) =>
  Array.from({ length: 400 }, (_, i) => `<li class="menu__item">${seed} item ${i * 7919} of ${i % 13}</li>`).join('\n');

const brotliAt = (source: Buffer, quality: number) =>
  brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });

test('BUILD-BROTLI brotli quality: 11 for the files every page loads, 6 for pages, route chunks and the rest', () => {
  for (const file of [
    'assets/js/main.052eb7b8.js',
    'assets/js/runtime~main.f36ed87f.js',
    'assets/js/tala-routes-reference.apis.studio.a80a172a.js',
    'assets/css/styles.cdc0c5a6.css',
  ]) {
    assert.equal(brotliQuality(file), 11, file);
  }
  for (const file of [
    'assets/js/a093afe9.96dbd5fd.js',
    'assets/js/prism-bash.8cfd55db.js',
    'studio/deploy/index.html',
    'studio/deploy/index.md',
    'llms-full.txt',
    // A page whose path merely contains an asset's name is a page.
    'reference/main.052eb7b8.js/index.html',
  ]) {
    assert.equal(brotliQuality(file), 6, file);
  }
});

test('BUILD-BROTLI precompress writes each file at its quality, and both copies decompress to the file', async () => {
  const files = { 'assets/js/main.0123abcd.js': sample('main'), 'guide/index.html': sample('page'), 'tiny.html': 'x' };
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  const written = await precompress(dir, Object.keys(files));
  assert.equal(written, 2, 'files under 1 KiB get no compressed copy');
  for (const [file, quality] of [
    ['assets/js/main.0123abcd.js', 11],
    ['guide/index.html', 6],
  ] as const) {
    const source = readFileSync(path.join(dir, file));
    const br = readFileSync(path.join(dir, `${file}.br`));
    assert.deepEqual(br, brotliAt(source, quality), `${file} at quality ${quality}`);
    assert.notDeepEqual(brotliAt(source, 6), brotliAt(source, 11), 'the sample tells the qualities apart');
    assert.deepEqual(brotliDecompressSync(br), source);
    assert.deepEqual(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))), source);
  }
});
