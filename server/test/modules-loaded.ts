import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { makeBuildDir } from './helper.ts';

/**
 * Starts `node --import loaded-modules.ts server.ts` until it listens, then SIGTERM: the modules the
 * gate loaded with `env`. The caller's ASK_* and OTEL_* never leak in: each test names what it turns on.
 */
export async function modulesLoadedByGate(t: TestContext, env: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-modules-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const list = path.join(dir, `modules-${randomBytes(4).toString('hex')}.json`);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('ASK_') && !key.startsWith('OTEL_')),
  );
  const child = spawn(
    process.execPath,
    [
      '--import',
      path.join(import.meta.dirname, 'loaded-modules.ts'),
      path.join(import.meta.dirname, '../src/server.ts'),
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
