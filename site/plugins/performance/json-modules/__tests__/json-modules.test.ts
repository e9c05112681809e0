import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { type Configuration, rspack } from '@rspack/core';
import jsonModules from '../index';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-json-modules-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles an entry that reads one nested key of a JSON file; the output's text. */
async function bundle(extra: Configuration): Promise<string> {
  writeFileSync(path.join(dir, 'data.json'), JSON.stringify({ a: { used: 'USED-NESTED', unused: 'UNUSED-NESTED' } }));
  writeFileSync(path.join(dir, 'entry.js'), "import data from './data.json';\nconsole.log(data.a.used);\n");
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'out'), filename: 'main.js' },
    ...extra,
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? stats?.toString()) : resolve())),
  );
  return readFileSync(path.join(dir, 'out/main.js'), 'utf8');
}

test('BUILD-JSON JSON modules: Rspack analyses them to their top-level keys only, as the plugin configures', async () => {
  const config = (jsonModules().configureWebpack as () => Configuration)();
  assert.deepEqual(config.module?.parser?.json, { exportsDepth: 1 });
  // Rspack's default in production follows every nested key and drops the unused one; with the
  // plugin's option the nested object is kept whole. If an upgrade ignores the option, this fails.
  assert.ok(!(await bundle({})).includes('UNUSED-NESTED'));
  assert.ok((await bundle(config)).includes('UNUSED-NESTED'));
});
