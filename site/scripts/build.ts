/**
 * `docusaurus build` in two processes: the first bundles, the second loads the site again and runs
 * SSG, the plugins' postBuild (our post-build pipeline) and the link check. In one process, the
 * memory Rspack's client compilation took stays resident to the end of the build (native memory: a
 * V8 collection and mimalloc's purge do not return it), and SSG's workers and the post-build steps
 * come on top of it: at 10,433 pages the bundling peaked at 7.4 GiB and SSG at 8.9. In two
 * processes the build's peak is the bundling's (7.8 GiB there), and SSG ran at 2.8 GiB. The second
 * process pays for loading the site again: 1.9 s at 521 pages, 18.6 s at 10,433, about 1 % of the
 * build (docs/decisions/growth-with-content.md, eleventh run).
 *
 * Reach-in (docs/upgrading.md, "the build in two processes"): Docusaurus's build reads
 * DOCUSAURUS_EXIT_AFTER_BUNDLING (exit after bundling, before SSG and before it deletes the server
 * bundle) and DOCUSAURUS_SKIP_BUNDLING (keep the output folder, use the bundles there); its own
 * benchmarks use them. This script fails if the first process did not leave the server bundle, and
 * the smoke test in __tests__ reads both switches in Docusaurus's source.
 *
 * Arguments are `docusaurus build`'s own (`--no-minify`, `--out-dir DIR`, …), passed to both.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const docusaurus = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
const siteDir = path.resolve(import.meta.dirname, '..');

/**
 * Where Docusaurus writes the server bundle: `__server/` in the output folder (its webpack/server.js),
 * which it resolves against the site's folder.
 */
export function serverBundle(args: readonly string[]): string {
  // `--out-dir DIR` or `--out-dir=DIR` (its only spellings in Docusaurus's CLI); DIR may hold '='.
  const at = args.findIndex((arg) => arg === '--out-dir' || arg.startsWith('--out-dir='));
  const flag = args[at];
  const given = flag === undefined ? undefined : flag === '--out-dir' ? args[at + 1] : flag.slice('--out-dir='.length);
  const outDir = path.resolve(siteDir, given ?? 'build');
  return path.join(outDir, '__server', 'server.bundle.js');
}

function docusaurusBuild(args: readonly string[], env: Record<string, string>): void {
  const result = spawnSync(process.execPath, [docusaurus, 'build', ...args], {
    cwd: siteDir,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Run as a script (the test imports serverBundle only). tsx compiles this file as CommonJS, where
// `import.meta.main` is not set.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  docusaurusBuild(args, { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true' });
  const bundle = serverBundle(args);
  if (!existsSync(bundle)) {
    console.error(
      `[tala] build: the bundling process left no ${path.relative(siteDir, bundle)}: Docusaurus no longer stops after ` +
        'bundling when DOCUSAURUS_EXIT_AFTER_BUNDLING=true (docs/upgrading.md, "the build in two processes")',
    );
    process.exit(1);
  }
  docusaurusBuild(args, { DOCUSAURUS_SKIP_BUNDLING: 'true' });
}
