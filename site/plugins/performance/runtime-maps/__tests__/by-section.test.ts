import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import vm from 'node:vm';
import { SECTION_CHUNK_PREFIX } from '../../route-sections/split';
import { CHUNK_FILES_GLOBAL, withoutSectionChunks } from '../by-section';
import { clientBuild } from './client-build';

// A shell that loads a route section, which loads its pages, as route-sections builds them; one
// chunk the shell loads too, which must stay in the runtime, and one both sections load (as a
// sidebar group's module), which both register.
const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-by-section-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const PAGES = Array.from({ length: 12 }, (_, i) => `page${i}`);
const SECTIONS = [`${SECTION_CHUNK_PREFIX}guides`, `${SECTION_CHUNK_PREFIX}apis`];
const importOf = (name: string) => `() => import(/* webpackChunkName: "${name}" */ './${name}.js')`;
for (const name of [...PAGES, 'shared', 'common'])
  writeFileSync(path.join(dir, `${name}.js`), `export default ${JSON.stringify(name)};\n`);
writeFileSync(
  path.join(dir, `${SECTIONS[0]}.js`),
  `export const pages = [${PAGES.map(importOf).join(', ')}, ${importOf('common')}];\n`,
);
writeFileSync(path.join(dir, `${SECTIONS[1]}.js`), `export const pages = [${importOf('common')}];\n`);
writeFileSync(
  path.join(dir, 'entry.js'),
  `export const sections = [${SECTIONS.map(importOf).join(', ')}, ${importOf('shared')}];
globalThis.chunkAsset = (name) => __webpack_require__.gca(name);
globalThis.chunkFile = (id) => __webpack_require__.u(id);
`,
);

async function build(withPlugin: boolean) {
  const { out, chunks: stats } = await clientBuild(dir, withPlugin);
  const files = readdirSync(path.join(out, 'assets/js'));
  const read = (prefix: string) =>
    readFileSync(path.join(out, 'assets/js', files.find((f) => f.startsWith(`${prefix}.`)) ?? ''), 'utf8');
  const context = vm.createContext({});
  context.self = context;
  for (const script of ['runtime~main', 'main', ...SECTIONS]) vm.runInContext(read(script), context);
  const idOf = (name: string) => stats.find((c) => c.names.includes(name))?.id ?? '';
  const call = (fn: string, arg: string) => (context[fn] as (arg: string) => string)(arg);
  const everyChunk = [...PAGES, 'shared', 'common', ...SECTIONS];
  return {
    runtime: read('runtime~main'),
    sources: Object.fromEntries(SECTIONS.map((section) => [section, read(section)])),
    files,
    byName: everyChunk.map((name) => call('chunkAsset', name)),
    byId: everyChunk.map((name) => call('chunkFile', idOf(name))),
    registered: context[CHUNK_FILES_GLOBAL] as Record<string, string> | undefined,
  };
}

test('RUNTIME-BY-SECTION a page chunk is listed by the section that loads it, not by the runtime', async () => {
  const before = await build(false);
  const after = await build(true);
  // Without the plugin the runtime lists every page; with it, none, but still the sections and the shared chunks.
  for (const page of PAGES) {
    assert.ok(before.runtime.includes(`"${page}"`), page);
    assert.ok(!after.runtime.includes(`"${page}"`), `${page} is still in the runtime`);
  }
  for (const kept of ['shared', ...SECTIONS]) assert.ok(after.runtime.includes(`"${kept}"`), kept);
  assert.ok(before.runtime.includes('"common"'));
  assert.ok(!after.runtime.includes('"common"'), 'a chunk only sections load is still in the runtime');
  for (const section of SECTIONS)
    assert.match(after.sources[section] ?? '', /"common"/, `${section} does not register it`);
  assert.equal(before.registered, undefined);
  assert.equal(Object.keys(after.registered ?? {}).length, (PAGES.length + 1) * 2);
  // Every chunk, by name (the prefetch) and by id (import()), resolves to the same file as before,
  // once its section ran: the pages' contents did not change, so neither did their names.
  const pageIndexes = [...PAGES.map((_, i) => i), PAGES.length + 1];
  assert.deepEqual(
    pageIndexes.map((i) => after.byName[i]),
    pageIndexes.map((i) => before.byName[i]),
  );
  assert.deepEqual(
    pageIndexes.map((i) => `/${after.byId[i]}`),
    pageIndexes.map((i) => before.byName[i]),
  );
  // Each file named exists: the sections were rewritten before the content hashes were taken.
  for (const file of [...after.byName, ...after.byId.map((f) => `/${f}`)])
    assert.ok(after.files.includes(path.basename(file)), file);
  // The sections' and the runtime's contents changed, so did their names.
  const sectionIndex = PAGES.length + 2;
  assert.notEqual(after.byName[sectionIndex], before.byName[sectionIndex]);
});

test('RUNTIME-BY-SECTION a runtime of another shape is left whole', () => {
  const ids = new Set(['1']);
  const names = new Set(['page']);
  // No `.gca` (Docusaurus changed): nothing moves.
  assert.equal(withoutSectionChunks('(()=>{var r={};r.u=e=>"a/"+{1:"x"}[e]+".js"})();', ids, names), undefined);
  // Two `.u`: which one serves chunks is unknown.
  assert.equal(
    withoutSectionChunks(
      '(()=>{var r={};r.u=e=>({1:"x"})[e];r.u=e=>({1:"y"})[e];r.gca=function(e){return e}})();',
      ids,
      names,
    ),
    undefined,
  );
  const moved = withoutSectionChunks(
    '(()=>{var r={};r.u=e=>"a/"+({1:"page",2:"other"}[e]||e)+".js";r.gca=function(e){return e={page:1,other:2}[e]||e,r.u(e)}})();',
    ids,
    names,
  );
  assert.equal(
    moved,
    `(()=>{var r={};r.u=(f=>e=>{var m=self.${CHUNK_FILES_GLOBAL};return m&&m[e]||f(e)})(e=>"a/"+({2:"other"}[e]||e)+".js");r.gca=function(e){return e={other:2}[e]||e,r.u(e)}})();`,
  );
});
