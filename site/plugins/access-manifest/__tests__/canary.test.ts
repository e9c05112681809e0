import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ACCESS_MANIFEST_FILE, type AccessManifest } from '@tala/policy';
import { scanHtml } from '../html-scan';
import { listFiles } from '../list-files';

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(here, '../fixtures/canary-site');
const outDir = path.join(siteDir, 'build');
const docusaurusBin = path.resolve(here, '../../../../node_modules/@docusaurus/core/bin/docusaurus.mjs');

/** Planted in the on-prem pages of the fixture: body, title, image, lazily imported component. */
const CANARIES = [
  'CANARY-BODY-88aa',
  'CANARY-BODY-2-77cc',
  'CANARY-TITLE-5d1f',
  'CANARY-IMAGE-c4f2',
  'CANARY-LAZY-0b3e',
];

let manifest: AccessManifest;
let files: string[];

before(async () => {
  // A real Docusaurus build (Rspack) of the fixture, with the real plugins and policy.
  await promisify(execFile)(process.execPath, [docusaurusBin, 'build', siteDir], { cwd: siteDir, timeout: 240_000 });
  manifest = JSON.parse(await readFile(path.join(outDir, ACCESS_MANIFEST_FILE), 'utf8'));
  files = (await listFiles(outDir)).filter((f) => !f.startsWith('.') && !/\.(br|gz)$/.test(f));
});

test('ROLE-05 every build file is in the access manifest', () => {
  assert.deepEqual(
    files.filter((file) => !(file in manifest.files)),
    [],
  );
});

test('ROLE-05 every file containing an on-prem canary is classified onprem', async () => {
  const found = new Map<string, string[]>();
  for (const file of files) {
    const text = await readFile(path.join(outDir, file), 'latin1');
    for (const canary of CANARIES.filter((c) => text.includes(c)))
      found.set(canary, [...(found.get(canary) ?? []), file]);
  }
  // Each canary must have been emitted somewhere, or the test proves nothing.
  assert.deepEqual([...found.keys()].sort(), [...CANARIES].sort());
  const leaks = [...found].flatMap(([canary, where]) =>
    where
      .filter((file) => manifest.files[file] !== 'onprem')
      .map((file) => `${canary} in ${file} (${manifest.files[file]})`),
  );
  assert.deepEqual(leaks, []);
});

test('ROLE-05 the canary image and the lazy component are files of their own, gated', () => {
  const image = files.find((f) => f.startsWith('assets/images/') && f.includes('canary-diagram'));
  assert.ok(image, 'the image is emitted as a file');
  assert.equal(manifest.files[image], 'onprem');
});

test('ROLE-05 no file that a public or reader page loads is classified onprem', async () => {
  const problems: string[] = [];
  for (const [file, level] of Object.entries(manifest.files)) {
    if (!file.endsWith('.html') || level === 'onprem') continue;
    const { subresources } = scanHtml(await readFile(path.join(outDir, file), 'utf8'));
    assert.ok(subresources.length > 0, `${file} loads its scripts`);
    for (const url of subresources) {
      const target = url.split(/[?#]/)[0]?.slice(1) ?? '';
      const targetLevel = manifest.files[target];
      if (targetLevel === 'onprem' || (level === 'public' && targetLevel !== 'public')) {
        problems.push(`${file} (${level}) loads ${target} (${targetLevel})`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

test('the login page and what it loads are public; reader pages are reader', () => {
  assert.equal(manifest.files['Login/index.html'], 'public');
  assert.equal(manifest.files['index.html'], 'reader');
  assert.equal(manifest.files['guide/index.html'], 'reader');
  assert.equal(manifest.files['on-prem/aaa-secret/index.html'], 'onprem');
});

test('CSP hashes of the inline scripts are recorded', () => {
  assert.ok(manifest.inlineScriptHashes.length > 0);
  for (const hash of manifest.inlineScriptHashes) assert.match(hash, /^'sha256-[A-Za-z0-9+/]+=*'$/);
});
