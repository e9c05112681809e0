/**
 * The build's error catalogue is honest: every code is documented in docs/errors.md and every
 * documented code exists; every code the build's sources name is in the catalogue; and every error
 * the build raises on purpose is a BuildError (no other Error subclass in site/).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BUILD_ERRORS, BuildError, type BuildErrorCode } from '../build-errors';
import { RouteSplitError } from '../performance/route-sections/split';

const root = path.resolve(import.meta.dirname, '../../..');
const docs = readFileSync(path.join(root, 'docs/errors.md'), 'utf8');
const codes = Object.keys(BUILD_ERRORS) as BuildErrorCode[];

function siteSources(): { file: string; text: string }[] {
  const dir = path.join(root, 'site');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !/(^|\/)(node_modules|build|\.docusaurus)\//.test(file))
    .filter((file) => !file.includes('__tests__'))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
}

test('every build error code is documented in docs/errors.md with its meaning, and nothing else is', () => {
  const documented = [...docs.matchAll(/^\| `(BUILD_ERR_[A-Z_]+)` \| ([^|]+) \|/gm)];
  assert.deepEqual(documented.map((row) => row[1]).sort(), [...codes].sort());
  for (const [, code, meaning] of documented) {
    assert.equal(meaning?.trim().replaceAll('`', ''), BUILD_ERRORS[code as BuildErrorCode], `${code}'s meaning`);
  }
});

test('every BUILD_ERR code named in site/ is in the catalogue', () => {
  const named = new Set(siteSources().flatMap(({ text }) => [...text.matchAll(/BUILD_ERR_[A-Z_]+/g)].map((m) => m[0])));
  for (const code of named) assert.ok(code in BUILD_ERRORS, `${code} is in site/plugins/build-errors.ts`);
  assert.ok(named.size >= codes.length - 1);
});

test('the build raises BuildError only: no other Error subclass in site/', () => {
  const others = siteSources()
    .filter(({ file, text }) => file !== 'plugins/build-errors.ts' && /extends Error\b/.test(text))
    .map(({ file }) => file);
  assert.deepEqual(others, []);
  const error = new RouteSplitError('registry.js does not export an object');
  assert.ok(error instanceof BuildError);
  assert.equal(error.code, 'BUILD_ERR_ROUTE_SPLIT');
  assert.match(error.message, /^\[BUILD_ERR_ROUTE_SPLIT\] registry\.js/);
});
