import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ACCESS_MANIFEST_FILE, type AccessManifest } from '@tala/policy';
import { load } from 'cheerio';
import { listFiles } from '../list-files';

const here = path.dirname(fileURLToPath(import.meta.url));
const siteDir = path.resolve(here, '../fixtures/canary-site');
const outDir = path.join(siteDir, 'build');
const docusaurusBin = path.resolve(here, '../../../../../node_modules/@docusaurus/core/bin/docusaurus.mjs');

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

/**
 * What a page makes the browser fetch, read with cheerio rather than the plugin's own parse5 scan
 * (html-scan.ts): a second reading of the HTML, so a blind spot of the scanner cannot hide itself.
 */
function fetchedBy(html: string): string[] {
  const $ = load(html);
  const urls = [
    ...$('script[src]').map((_, el) => $(el).attr('src')),
    ...$('link[href]').map((_, el) => $(el).attr('href')),
    ...$('img[src]').map((_, el) => $(el).attr('src')),
  ];
  return urls.filter((url): url is string => typeof url === 'string' && url.startsWith('/') && !url.startsWith('//'));
}

test('ROLE-05 no file that a public or reader page loads is classified onprem', async () => {
  const problems: string[] = [];
  for (const [file, level] of Object.entries(manifest.files)) {
    if (!file.endsWith('.html') || level === 'onprem') continue;
    const urls = fetchedBy(await readFile(path.join(outDir, file), 'utf8'));
    assert.ok(
      urls.some((url) => url.endsWith('.js')),
      `${file} loads its scripts`,
    );
    for (const url of urls) {
      const target = decodeURIComponent(url.split(/[?#]/)[0]?.slice(1) ?? '');
      const targetLevel = manifest.files[target] ?? manifest.files[`${target}index.html`];
      if (targetLevel === 'onprem' || (level === 'public' && targetLevel !== 'public' && !url.endsWith('/'))) {
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

test('the CSP hashes cover every inline script of every page (computed here, with node:crypto)', async () => {
  const missing: string[] = [];
  let scripts = 0;
  for (const file of files.filter((f) => f.endsWith('.html'))) {
    const $ = load(await readFile(path.join(outDir, file), 'utf8'));
    $('script:not([src])').each((_, el) => {
      const body = $(el).text();
      if ($(el).attr('type') === 'application/ld+json') return; // data, not run
      scripts += 1;
      const hash = `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
      if (!manifest.inlineScriptHashes.includes(hash)) missing.push(`${file}: ${body.slice(0, 60)}`);
    });
  }
  assert.ok(scripts > 0, 'the pages have inline scripts');
  assert.deepEqual(missing, []);
});
