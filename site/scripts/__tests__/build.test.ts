import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { serverBundle } from '../build';

const siteDir = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);

test('BUILD-TWO-PROCESSES the server bundle is looked for in the output folder Docusaurus resolves', () => {
  const at = (dir: string) => path.join(siteDir, dir, '__server', 'server.bundle.js');
  assert.equal(serverBundle([]), at('build'));
  assert.equal(serverBundle(['--no-minify', '--out-dir', '/tmp/x']), '/tmp/x/__server/server.bundle.js');
  assert.equal(serverBundle(['--out-dir=other']), at('other'));
  assert.equal(serverBundle(['--out-dir=a=b']), at('a=b'));
});

// Upgrade smoke: the two switches scripts/build.ts relies on, as Docusaurus's build reads them.
test('BUILD-TWO-PROCESSES Docusaurus exits after bundling, before SSG, and can skip bundling', () => {
  const source = readFileSync(
    path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib/commands/build/buildLocale.js'),
    'utf8',
  );
  assert.match(source, /const SkipBundling = process\.env\.DOCUSAURUS_SKIP_BUNDLING === 'true'/);
  assert.match(source, /const ExitAfterBundling = process\.env\.DOCUSAURUS_EXIT_AFTER_BUNDLING === 'true'/);
  const exitAt = source.indexOf('if (ExitAfterBundling)');
  // The exit comes after the bundling and before SSG and the server bundle's deletion.
  assert.ok(source.indexOf('bundler_1.compile') < exitAt, 'bundling before the exit');
  assert.ok(exitAt < source.indexOf('executeSSG)({'), 'SSG after the exit');
  assert.ok(exitAt < source.indexOf('await cleanupServerBundle('), 'the server bundle deleted after the exit');
  // Skipping the bundling skips the compilation and the clearing of the output folder with it.
  assert.match(source, /SkipBundling \? undefined : \(0, clearPath_1\.default\)\(outDir\)/);
  assert.match(source, /if \(SkipBundling\) \{[^}]*\}\s*else \{[\s\S]*?bundler_1\.compile/);
});
