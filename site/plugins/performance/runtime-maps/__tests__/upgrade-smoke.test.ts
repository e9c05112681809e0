import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import vm from 'node:vm';
import { chunkMapsIn, HOISTED_NAME } from '../hoist';
import { clientBuild } from './client-build';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-runtime-maps-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const CHUNKS = Array.from({ length: 12 }, (_, i) => `page${i}`);
for (const name of CHUNKS) writeFileSync(path.join(dir, `${name}.js`), `export default ${JSON.stringify(name)};\n`);
writeFileSync(
  path.join(dir, 'entry.js'),
  `${CHUNKS.map((name) => `export const ${name} = () => import(/* webpackChunkName: "${name}" */ './${name}.js');`).join('\n')}
globalThis.chunkAsset = (name) => __webpack_require__.gca(name);
`,
);

/** A production client build as Docusaurus configures one; the runtime's file name and `gca`'s answer for each chunk. */
async function build(withPlugin: boolean) {
  const { out } = await clientBuild(dir, withPlugin);
  const files = readdirSync(path.join(out, 'assets/js'));
  const runtime = files.find((f) => f.startsWith('runtime~main.')) ?? '';
  const code = readFileSync(path.join(out, 'assets/js', runtime), 'utf8');
  const context = vm.createContext({});
  context.self = context;
  vm.runInContext(code, context);
  vm.runInContext(
    readFileSync(path.join(out, 'assets/js', files.find((f) => f.startsWith('main.')) ?? ''), 'utf8'),
    context,
  );
  const assets = CHUNKS.map((name) => (context.chunkAsset as (name: string) => string)(name));
  return { runtime, code, files, assets };
}

test('RUNTIME-MAPS upgrade smoke: a real Rspack runtime with Docusaurus chunk-asset function gets its maps hoisted', async () => {
  const before = await build(false);
  const after = await build(true);
  // Rspack's file-name maps and Docusaurus's name-to-id map, each built on every call without the plugin.
  assert.ok(
    (chunkMapsIn(before.code)?.ranges.length ?? 0) >= 2,
    'the runtime no longer builds its maps inside functions',
  );
  assert.ok(after.code.includes(`${HOISTED_NAME}0`));
  assert.equal(chunkMapsIn(after.code), undefined, 'a chunk map is still built inside a function');
  // The same file for every chunk, and that file was written.
  assert.deepEqual(after.assets, before.assets);
  for (const asset of after.assets) assert.ok(after.files.includes(path.basename(asset)), asset);
  // The runtime was rewritten before the content hashes: its name changed with its content.
  assert.notEqual(after.runtime, before.runtime);
});
