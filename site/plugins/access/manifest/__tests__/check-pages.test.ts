import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccessLevel } from '@tala/policy';
import { checkPages } from '../check-pages';
import type { HtmlScan } from '../html-scan';

const levels: Record<string, AccessLevel> = {
  'index.html': 'reader',
  'on-prem/index.html': 'onprem',
  'assets/js/main.js': 'public',
  'assets/js/onprem.js': 'onprem',
};
const scan = (subresources: string[], inlineScriptHashes: string[] = []): HtmlScan => ({
  subresources,
  inlineScriptHashes,
});

test('checkPages: the inline-script hashes of every page, once each and sorted', () => {
  const scans = new Map([
    ['index.html', scan(['/assets/js/main.js'], ["'sha256-b'", "'sha256-a'"])],
    ['on-prem/index.html', scan(['/assets/js/onprem.js'], ["'sha256-a'"])],
  ]);
  assert.deepEqual(checkPages(levels, scans).inlineScriptHashes, ["'sha256-a'", "'sha256-b'"]);
});

test('checkPages: a reader page that loads an on-prem file, or a file the build lacks, fails with both named', () => {
  const scans = new Map([
    ['index.html', scan(['/assets/js/onprem.js', '/assets/js/gone.js'])],
    ['on-prem/index.html', scan([])],
  ]);
  assert.throws(
    () => checkPages(levels, scans),
    (error: Error & { code?: string }) =>
      error.code === 'BUILD_ERR_PAGE_NEEDS_GATED_FILE' &&
      error.message.includes('build/index.html (reader) loads /assets/js/onprem.js, which is onprem') &&
      error.message.includes('build/index.html loads /assets/js/gone.js, which the build does not contain'),
  );
});

test('checkPages: a listed page the page pass did not read fails the build (it was never checked)', () => {
  const scans = new Map([['index.html', scan(['/assets/js/main.js'])]]);
  assert.throws(() => checkPages(levels, scans), /build\/on-prem\/index\.html was not read by the page pass/);
});
