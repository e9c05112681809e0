import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { type Configuration, rspack } from '@rspack/core';
import scopeHoisting from '../index';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-scope-hoisting-'));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'entry.js'), "import { label } from './label.js';\ndocument.title = label('x');\n");
writeFileSync(path.join(dir, 'label.js'), "export function label(text) { return 'label:' + text; }\n");

const configure = scopeHoisting().configureWebpack as (config: Configuration) => Configuration;

/** A production bundle of two ES modules, the plugin's options merged as Docusaurus merges them. */
async function bundle(withPlugin: boolean): Promise<string> {
  const base: Configuration = {
    mode: 'production',
    context: dir,
    entry: './entry.js',
    optimization: { minimize: false, moduleIds: 'named' },
    output: { path: path.join(dir, String(withPlugin)), filename: 'main.js' },
  };
  const plugin = withPlugin ? configure(base) : {};
  const config = { ...base, optimization: { ...base.optimization, ...plugin.optimization } };
  await new Promise<unknown>((resolve, reject) =>
    rspack(config).run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error('the bundle failed')) : resolve(undefined),
    ),
  );
  return readFileSync(path.join(dir, String(withPlugin), 'main.js'), 'utf8');
}

test('SCOPE-HOISTING production bundles keep each module apart instead of concatenating them', async () => {
  // Rspack's default in production merges the imported module into its importer's scope ...
  assert.doesNotMatch(await bundle(false), /"\.\/label\.js"/);
  // ... which the plugin turns off: the module keeps its own factory, under its id.
  assert.match(await bundle(true), /"\.\/label\.js"/);
  // Development (docusaurus start) is left as it is.
  assert.deepEqual(configure({ mode: 'development' }), {});
});
