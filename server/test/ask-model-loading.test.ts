/**
 * A gate without a model loads none of the model's code (openai, @azure/identity, the Markdown
 * sanitiser); with one, it loads what that model needs: the gate's start-up and memory stay as
 * they were for deployments that answer extractively.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { modulesLoadedByGate } from './modules-loaded.ts';

const loads = (modules: string[], name: string) => modules.some((url) => url.includes(`/node_modules/${name}/`));
const MODEL_CODE = ['openai', '@azure/identity', 'mdast-util-from-markdown', 'micromark-extension-gfm'];

test('ASK-MODEL-11 without a model the gate loads none of its code; with one, only what that model needs', async (t) => {
  const off = await modulesLoadedByGate(t, {});
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
  const local = await modulesLoadedByGate(t, { ASK_MODEL: 'llama3.1', ASK_MODEL_BASE_URL: 'http://127.0.0.1:9/v1' });
  assert.deepEqual(
    MODEL_CODE.filter((name) => loads(local, name)),
    ['openai', 'mdast-util-from-markdown', 'micromark-extension-gfm'],
  );
  const entra = await modulesLoadedByGate(t, {
    ASK_AZURE_OPENAI_ENDPOINT: 'https://tala.openai.azure.com',
    ASK_AZURE_OPENAI_DEPLOYMENT: 'docs',
  });
  assert.ok(loads(entra, '@azure/identity'), 'Entra ID (no key) loads @azure/identity');
});
