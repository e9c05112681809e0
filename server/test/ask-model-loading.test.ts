/**
 * A gate without a model loads none of the model's code (openai, @azure/identity, the Markdown
 * sanitiser); with one, it loads what that model needs: the gate's start-up and memory stay as
 * they were for deployments that answer extractively.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, type TestContext, test } from 'node:test';
import { makeBuildDir } from './helper.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'tala-ask-model-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `node --import loaded-modules.ts server.ts` until it listens, then SIGTERM: what it loaded. */
async function modulesLoaded(t: TestContext, name: string, env: Record<string, string>): Promise<string[]> {
  const list = path.join(dir, `${name}.json`);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('ASK_') && !key.startsWith('OTEL_')),
  );
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.resolve(import.meta.dirname, 'loaded-modules.ts'),
      path.resolve(import.meta.dirname, '../src/server.ts'),
    ],
    {
      env: {
        ...inherited,
        PORT: '0',
        BUILD_DIR: makeBuildDir(t, { '.search-records.json': '[]' }),
        SKIP_AUTHENTICATION: 'true',
        SEARCH_WORKERS: '1',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        LOADED_MODULES_FILE: list,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let signalled = false;
  child.stdout.on('data', (chunk) => {
    out += chunk;
    if (!signalled && out.includes('Server listening')) {
      signalled = true;
      child.kill('SIGTERM');
    }
  });
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const [code] = await once(child, 'exit');
  assert.equal(code, 0, err);
  return JSON.parse(readFileSync(list, 'utf8')) as string[];
}

const loads = (modules: string[], name: string) => modules.some((url) => url.includes(`/node_modules/${name}/`));
const MODEL_CODE = ['openai', '@azure/identity', 'mdast-util-from-markdown', 'micromark-extension-gfm'];

test('ASK-MODEL-11 without a model the gate loads none of its code; with one, only what that model needs', async (t) => {
  const off = await modulesLoaded(t, 'off', {});
  assert.ok(loads(off, 'fastify'), 'the spy sees the gate load');
  assert.deepEqual(
    MODEL_CODE.filter((name) => loads(off, name)),
    [],
  );
  // Only the settings (config.ts reads them): no answerer, client or sanitiser.
  assert.deepEqual(
    off.filter((url) => /\/src\/ask\/model/.test(url)).map((url) => path.basename(url)),
    ['model-settings.ts'],
  );
  // Nothing contacts the model at start-up: an address that answers nothing is fine.
  const local = await modulesLoaded(t, 'local', { ASK_MODEL: 'llama3.1', ASK_MODEL_BASE_URL: 'http://127.0.0.1:9/v1' });
  assert.deepEqual(
    MODEL_CODE.filter((name) => loads(local, name)),
    ['openai', 'mdast-util-from-markdown', 'micromark-extension-gfm'],
  );
  const entra = await modulesLoaded(t, 'entra', {
    ASK_AZURE_OPENAI_ENDPOINT: 'https://tala.openai.azure.com',
    ASK_AZURE_OPENAI_DEPLOYMENT: 'docs',
  });
  assert.ok(loads(entra, '@azure/identity'), 'Entra ID (no key) loads @azure/identity');
});
