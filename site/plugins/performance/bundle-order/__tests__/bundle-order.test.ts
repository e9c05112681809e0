import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { type Compiler, type Configuration, rspack } from '@rspack/core';
import bundleOrder, { CLIENT_COMPILER } from '../index';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-bundle-order-'));
after(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'entry.js'), 'console.log(1);\n');

const configure = bundleOrder().configureWebpack as (config: Configuration, isServer: boolean) => Configuration;

/** Runs a client and a server compilation as Docusaurus does (one multi-compiler); the order of their hooks. */
async function events(withPlugin: boolean): Promise<string[]> {
  const order: string[] = [];
  const config = (name: string, isServer: boolean): Configuration => {
    const base: Configuration = {
      name,
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: { path: path.join(dir, name), filename: 'main.js' },
      plugins: [
        {
          apply: (compiler: Compiler) => {
            compiler.hooks.run.tap('order', () => void order.push(`${name} starts`));
            compiler.hooks.done.tap('order', () => void order.push(`${name} done`));
          },
        },
      ],
    };
    return withPlugin ? { ...base, ...configure(base, isServer) } : base;
  };
  const compiler = rspack([config(CLIENT_COMPILER, false), config('server', true)]);
  await new Promise<unknown>((resolve, reject) =>
    compiler.run((error, stats) =>
      error || stats?.hasErrors()
        ? reject(error ?? new Error(String(stats?.toJson({ all: false, errors: true }).errors?.[0]?.message)))
        : resolve(undefined),
    ),
  );
  return order;
}

test('BUILD-ORDER the server bundle is compiled after the client bundle, not beside it', async () => {
  // Without the plugin both start at once: the build's peak holds the two compilations.
  const together = await events(false);
  assert.ok(together.indexOf('server starts') < together.indexOf('client done'), together.join(', '));
  assert.deepEqual(await events(true), ['client starts', 'client done', 'server starts', 'server done']);
  // Development (docusaurus start) compiles the client only: nothing to order.
  assert.deepEqual(configure({ mode: 'development' }, true), {});
  assert.deepEqual(configure({ mode: 'production' }, false), {});
});
