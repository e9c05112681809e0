/**
 * The production install, exactly as README.md states it: its `<!-- prod-install: … -->` and
 * `<!-- prod-start: … -->` lines run in a clean copy of the repository (what a clone of this working
 * tree would hold: no node_modules, no build), with BUILD_DIR pointing at the real build
 * (site/build). The install must hold no TypeScript loader, patch tool or site toolchain, and the
 * gate it starts must become ready and ask an anonymous visitor to sign in.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { LOGIN_ROUTE, pageFileOf } from '@tala/policy';
import { startReceiver } from '../../server/test/otlp-receiver.ts';
import { send } from './http.ts';
import { freePorts, Processes, waitUntil } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const buildDir = path.join(root, 'site/build');
const dir = mkdtempSync(path.join(tmpdir(), 'tala-production-install-'));
const processes = new Processes(dir);
after(async () => {
  await processes.stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** The one `<!-- kind: COMMAND -->` line of README.md. */
function readmeCommand(kind: 'prod-install' | 'prod-start'): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const found = [...readme.matchAll(new RegExp(`^<!-- ${kind}: (.+) -->$`, 'gm'))].map((match) => match[1]?.trim());
  assert.equal(found.length, 1, `README.md has exactly one <!-- ${kind}: COMMAND --> line`);
  return found[0] as string;
}

/** Tracked files and new files git does not ignore, as they are in the working tree. */
function cleanCopy(to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const file of files.split('\0').filter(Boolean)) {
    // Deleted but not yet committed: a clone would not have it either.
    if (!existsSync(path.join(root, file))) continue;
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(to, file));
  }
}

// The `node` (and npm's `env node`) of the commands is the one running this test. No npm_* variables:
// the `npm test` around this file must not configure the install.
const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? '/usr/bin:/bin'}`;
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined &&
      !entry[0].startsWith('npm_') &&
      !['NODE_OPTIONS', 'NODE_TEST_CONTEXT'].includes(entry[0]),
  ),
);

/** Runs a shell command in the copy to its end, at most `timeoutMs`; fails with its output. */
async function run(name: string, command: string, timeoutMs: number): Promise<void> {
  const child = processes.start(name, 'sh', ['-c', command], { ...inherited, PATH });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const ended = await Promise.race([once(child, 'exit').then(() => 'exit' as const), timedOut]);
  clearTimeout(timer);
  if (ended === 'timeout') {
    await processes.kill(name);
    assert.fail(`\`${command}\` did not finish within ${timeoutMs / 1000} s.\n${processes.describe(name)}`);
  }
  assert.equal(child.exitCode, 0, `\`${command}\` failed.\n${processes.describe(name)}`);
}

test("README's production install, in a clean copy, holds the gate and nothing of the toolchain", async () => {
  assert.ok(existsSync(path.join(buildDir, '.access-manifest.json')), `${buildDir} has no build: run npm run build`);
  cleanCopy(dir);
  await run('install', readmeCommand('prod-install'), 150_000);
  const modules = path.join(dir, 'node_modules');
  for (const present of ['@tala/server', '@tala/policy', 'fastify', 'oidc-provider']) {
    assert.ok(existsSync(path.join(modules, present, 'package.json')), `${present} is installed`);
  }
  for (const absent of ['tsx', 'typescript', 'patch-package', '@docusaurus/core', '@rspack/core', 'react']) {
    assert.ok(!existsSync(path.join(modules, absent)), `${absent} is not installed`);
  }
});

test("README's production start serves the build: ready, the development provider on DEV_IDP_PORT, metrics on METRICS_PORT, pages behind sign-in", async () => {
  const ports = await freePorts(['gate', 'idp', 'metrics']);
  const origin = `http://127.0.0.1:${ports.gate}`;
  // Nothing of the caller's environment: a stray OIDC_* or SKIP_AUTHENTICATION would change what runs.
  processes.start('gate', 'sh', ['-c', readmeCommand('prod-start')], {
    PATH,
    HOME: process.env.HOME ?? dir,
    PORT: String(ports.gate),
    BUILD_DIR: buildDir,
    DEV_IDP_PORT: String(ports.idp),
    METRICS_PORT: String(ports.metrics),
    // A busy machine must not turn the page's 401 into load shedding's 503 (operations.test.ts tests that).
    SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  await waitUntil('the gate answers /readyz with 200', async () => (await send(`${origin}/readyz`)).status === 200, {
    processes,
    name: 'gate',
    timeoutMs: 60_000,
  });
  const metrics = await send(`http://127.0.0.1:${ports.metrics}/metrics`);
  assert.match(metrics.body.toString(), /^# HELP tala_http_requests_total /m, 'Prometheus metrics on METRICS_PORT');
  const discovery = await send(`http://127.0.0.1:${ports.idp}/.well-known/openid-configuration`);
  assert.equal(discovery.status, 200, 'the embedded development provider listens on DEV_IDP_PORT');
  const page = await send(`${origin}/`);
  assert.equal(page.status, 401, processes.describe('gate'));
  assert.equal(
    page.body.toString(),
    readFileSync(path.join(buildDir, pageFileOf(LOGIN_ROUTE)), 'utf8'),
    'an anonymous visitor gets the login screen',
  );
});

test('the production install traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: a page request reaches the collector', async () => {
  const receiver = await startReceiver();
  after(() => receiver.close());
  const ports = await freePorts(['gate', 'idp']);
  const origin = `http://127.0.0.1:${ports.gate}`;
  processes.start('traced', 'sh', ['-c', readmeCommand('prod-start')], {
    PATH,
    HOME: process.env.HOME ?? dir,
    PORT: String(ports.gate),
    BUILD_DIR: buildDir,
    DEV_IDP_PORT: String(ports.idp),
    SHED_EVENT_LOOP_DELAY_MS: '0',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
  });
  await waitUntil(
    'the traced gate answers /readyz with 200',
    async () => (await send(`${origin}/readyz`)).status === 200,
    {
      processes,
      name: 'traced',
      timeoutMs: 60_000,
    },
  );
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const page = await send(`${origin}/`, { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
  assert.equal(page.status, 401, processes.describe('traced'));
  // The gate's batch processor exports within its 5 s schedule: polled, with a deadline.
  await waitUntil(
    'the page span reaches the receiver',
    async () => receiver.spans().some((span) => span.traceId === traceId && span.name === 'GET page'),
    { processes, name: 'traced', timeoutMs: 30_000 },
  );
});
