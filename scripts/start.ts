/**
 * `npm start`: builds the portal if the build is missing or older than its sources, then serves
 * it on http://localhost:3000 through the gate server. Without a configured identity provider,
 * the server starts the embedded development provider and prints its demo accounts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { unsupportedNode } from './node-version.ts';

const root = path.resolve(import.meta.dirname, '..');
const unsupported = unsupportedNode(root);
if (unsupported !== null) {
  console.error(unsupported);
  process.exit(1);
}
const manifest = path.join(root, 'site/build/.access-manifest.json');
const SOURCES = ['site/docs', 'site/on-prem', 'site/src', 'site/static', 'site/config', 'site/plugins', 'policy/src'];
const SOURCE_FILES = ['site/docusaurus.config.ts', 'site/sidebars.ts', 'site/sidebars-on-prem.ts'];

function newestSource(): number {
  let newest = 0;
  for (const dir of SOURCES) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || entry.parentPath.includes('fixtures')) continue;
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  for (const file of SOURCE_FILES) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

const stale = !existsSync(manifest) || statSync(manifest).mtimeMs < newestSource();
if (stale && process.env.TALA_NO_BUILD !== '1') {
  console.log('▶ Building the portal (the build is missing or older than its sources)…');
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
  console.log(`▶ Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// A build older than the gate's search code (or one made before the snapshot existed): the snapshot
// again, so the gate reads it instead of indexing the records at each start (seconds, not a build).
const snapshot = spawnSync(process.execPath, ['server/src/search/snapshot.ts', '--if-stale', 'site/build'], {
  cwd: root,
  stdio: 'inherit',
});
if (snapshot.status !== 0) console.error('The search snapshot was not written: the gate will index the records.');

const env: NodeJS.ProcessEnv = { ...process.env };
const port = env.PORT ?? '3000';
console.log(`▶ Starting Tala Docs on http://localhost:${port}/`);
// As in production: the gate's TypeScript runs on Node's type stripping, without tsx.
const server = spawn(process.execPath, ['server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, HOST: env.HOST ?? '127.0.0.1', PORT: port },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
