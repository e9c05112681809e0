/**
 * `npm test`: builds the portal, runs every unit/integration test (node:test) and every browser
 * test (Playwright, system Chromium), then prints one plain summary line: `N passed, N failed`.
 *
 * TALA_SKIP_BUILD=1 reuses an existing site/build (faster local runs).
 * TALA_TEST_ONLY=unit|e2e runs one suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { unsupportedNode } from './node-version.ts';

const root = path.resolve(import.meta.dirname, '..');
const unsupported = unsupportedNode(root);
if (unsupported !== null) {
  console.log(unsupported);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const out = path.join(root, '.test-output');
const only = process.env.TALA_TEST_ONLY;

function run(command: string, args: string[], cwd = root): number {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  return result.status ?? 1;
}

function testFiles(dir: string): string[] {
  return (
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.split(path.sep).some((part) => ['node_modules', 'build', '.docusaurus'].includes(part)))
      // Benches' outputs (bench/results/: stock sites, bench/scale's copies of the site) hold no tests of ours.
      .filter((file) => !file.startsWith(path.join('bench', 'results')))
      .sort()
  );
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;

if (process.env.TALA_SKIP_BUILD !== '1' || !existsSync(path.join(root, 'site/build/.access-manifest.json'))) {
  console.log('\n▶ Building the portal (npm run build)');
  if (run('npm', ['run', 'build']) !== 0) {
    console.log('The build failed: no test ran.');
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

if (only !== 'e2e') {
  const files = ['policy', 'server', 'site', 'bench', 'deploy', 'patches'].flatMap(testFiles);
  console.log(`\n▶ Unit and integration tests (${files.length} files)`);
  const tap = path.join(out, 'unit.tap');
  run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    '--test-timeout=300000',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files,
  ]);
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail') + count('cancelled');
  if (text === '') failed += 1;
}

if (only !== 'unit') {
  console.log('\n▶ Browser tests (Playwright, system Chromium)');
  const status = run('npx', ['playwright', 'test'], path.join(root, 'e2e'));
  const report = path.join(out, 'e2e.json');
  if (existsSync(report)) {
    const { stats } = JSON.parse(readFileSync(report, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    };
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky + stats.skipped;
    // Playwright writes a report with no test in it when it cannot start (a web server's port is
    // taken): a failed run with nothing counted against it is still one failure.
    if (status !== 0 && stats.unexpected + stats.flaky + stats.skipped === 0) failed += 1;
  } else {
    failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
