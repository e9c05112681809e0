import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { makeBuildDir, runGateUntilListening } from './helper.ts';

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
  const { code, err } = await runGateUntilListening(
    {
      ...inherited,
      PORT: '0',
      BUILD_DIR: makeBuildDir(t, { '.search-records.json': '[]' }),
      SKIP_AUTHENTICATION: 'true',
      SEARCH_WORKERS: '1',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      LOADED_MODULES_FILE: list,
      ...env,
    },
    path.join(import.meta.dirname, 'loaded-modules.ts'),
  );
  assert.equal(code, 0, err);
  return JSON.parse(readFileSync(list, 'utf8')) as string[];
}
