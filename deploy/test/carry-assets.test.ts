/**
 * deploy/carry-assets.ts: a build keeps the previous release's hashed assets, with that release's
 * levels, one release back only — and the gate serves them through the same access decision.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { ACCESS_MANIFEST_FILE, type AccessLevel, type AccessManifest, ROLES } from '@tala/policy';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { carryAssets } from '../carry-assets.ts';

const root = mkdtempSync(path.join(tmpdir(), 'tala-carry-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A build directory with these files (content = the name) and levels. */
function build(name: string, files: Record<string, AccessLevel>): string {
  const dir = path.join(root, name);
  for (const file of Object.keys(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${name}:${file}`);
  }
  const manifest: AccessManifest = { version: 1, files, inlineScriptHashes: [] };
  writeFileSync(path.join(dir, ACCESS_MANIFEST_FILE), JSON.stringify(manifest));
  return dir;
}
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, ACCESS_MANIFEST_FILE), 'utf8')) as AccessManifest;

const N = build('n', {
  'index.html': 'public',
  'assets/js/main.1111aaaa.js': 'public',
  'assets/js/guide.2222bbbb.js': 'public',
  'assets/js/manager.3333cccc.js': 'onprem',
  'assets/css/styles.4444dddd.css': 'public',
  'sitemap.xml': 'public',
});
writeFileSync(path.join(N, 'assets/js/guide.2222bbbb.js.br'), 'br');

test("a build keeps the previous release's hashed assets with their levels, and nothing else of it", async () => {
  const next = build('n1', {
    'index.html': 'public',
    'assets/js/main.5555eeee.js': 'public',
    'assets/css/styles.4444dddd.css': 'public',
  });
  const carried = await carryAssets(N, next);
  assert.deepEqual(carried.sort(), [
    'assets/js/guide.2222bbbb.js',
    'assets/js/main.1111aaaa.js',
    'assets/js/manager.3333cccc.js',
  ]);
  const manifest = manifestOf(next);
  assert.equal(manifest.files['assets/js/manager.3333cccc.js'], 'onprem', "the previous release's level");
  assert.equal(manifest.files['assets/js/main.5555eeee.js'], 'public', 'its own files stay');
  assert.equal(readFileSync(path.join(next, 'index.html'), 'utf8'), 'n1:index.html', 'pages are never carried');
  assert.equal(manifest.files['sitemap.xml'], undefined, 'only hashed assets');
  assert.ok(existsSync(path.join(next, 'assets/js/guide.2222bbbb.js.br')), 'with its precompressed copies');
  assert.deepEqual(manifest.carried, [...carried].sort());
  assert.deepEqual(await carryAssets(N, next), [], 'a second run changes nothing');
  assert.deepEqual(manifestOf(next).carried, manifest.carried);

  // The release after carries n1's own assets only (the stylesheet both had among them): one release back.
  const third = build('n2', { 'index.html': 'public', 'assets/js/main.6666ffff.js': 'public' });
  assert.deepEqual((await carryAssets(next, third)).sort(), [
    'assets/css/styles.4444dddd.css',
    'assets/js/main.5555eeee.js',
  ]);
});

test('without a previous build nothing is carried; without a build of its own it fails', async () => {
  const alone = build('alone', { 'index.html': 'public' });
  assert.deepEqual(await carryAssets(path.join(root, 'missing'), alone), []);
  await assert.rejects(carryAssets(N, path.join(root, 'missing')), /no \.access-manifest\.json/);
});

test('the gate serves carried assets by the access decision: on-prem ones to on-prem readers only', async (t) => {
  const next = build('gated', { 'index.html': 'public', 'assets/js/main.7777aaaa.js': 'public' });
  await carryAssets(N, next);
  const gate = async (roles: string[]) => {
    const app = await buildApp({
      config: loadConfig({
        BUILD_DIR: next,
        LOG_LEVEL: 'silent',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        OIDC_ISSUER: 'https://idp.invalid',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
      }),
      identity: async () => ({ name: 'R', roles }),
    });
    t.after(() => app.close());
    return app;
  };
  const reader = await gate([ROLES.reader]);
  const guide = await reader.inject({ url: '/assets/js/guide.2222bbbb.js' });
  assert.equal(guide.statusCode, 200);
  assert.equal(guide.body, 'n:assets/js/guide.2222bbbb.js');
  assert.match(String(guide.headers['cache-control']), /immutable/);
  assert.equal((await reader.inject({ url: '/assets/js/manager.3333cccc.js' })).statusCode, 403);
  const admin = await gate([ROLES.reader, ROLES.onprem]);
  assert.equal((await admin.inject({ url: '/assets/js/manager.3333cccc.js' })).statusCode, 200);
});
