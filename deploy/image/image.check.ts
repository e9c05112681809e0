/**
 * `npm run test:image`: builds the Containerfile and runs the image as a platform would — read-only
 * root filesystem, the default non-root user — then checks that it becomes ready, that a reader signs
 * in through the embedded development provider and is refused the on-prem section while an on-prem
 * reader reads it, that metrics and the image's HEALTHCHECK answer, and that SIGTERM drains and exits 0.
 *
 * Not part of `npm test`: the image builds the site inside it (a full install and `npm run build`,
 * 10–20 minutes on two cores when nothing is cached). No image registry is reachable here, so the
 * base is made from Debian's packages and the npm registry's Node.js (deploy/image/local-base.sh)
 * unless TALA_IMAGE_BASE names one (e.g. docker.io/library/node:26-bookworm-slim where it is reachable).
 * Needs root, podman, runc and debootstrap (.ci/run's list of Debian packages, or apt-get install).
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { FORBIDDEN_ROUTE } from '@tala/policy';
import { send } from '../test/http.ts';
import { freePorts } from '../test/processes.ts';
import { signIn } from '../test/sign-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const NODE_MAJOR = 26;
const base = process.env.TALA_IMAGE_BASE ?? `localhost/tala-docs-base:bookworm-node${NODE_MAJOR}`;
const image = 'localhost/tala-docs:test';
/** An on-prem page of the build (spec/routes.txt). */
const ONPREM_PAGE = '/on-prem/category/manager/';
const name = `tala-docs-image-test-${process.pid}`;

// podman as CONTAINERS.md says it runs on these machines: runc (crun cannot use hybrid cgroups),
// and no default ulimits (the kernel refuses the defaults' setrlimit).
const work = mkdtempSync(path.join(tmpdir(), 'tala-image-'));
writeFileSync(path.join(work, 'containers.conf'), '[containers]\ndefault_ulimits = []\n');
const env = { ...process.env, CONTAINERS_CONF: path.join(work, 'containers.conf') };
const run = promisify(execFile);
const podman = async (...args: string[]) =>
  (await run('podman', ['--runtime', 'runc', ...args], { env, cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();

function streamed(command: string, args: string[]): void {
  const result = spawnSync(command, args, { env, cwd: root, stdio: 'inherit' });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed`);
}

let ports: Record<'gate' | 'metrics' | 'idp', number>;
let origin: string;

before(async () => {
  for (const program of ['podman', 'runc', 'debootstrap']) {
    assert.equal(spawnSync('sh', ['-c', `command -v ${program}`]).status, 0, `${program} is not installed`);
  }
  if (spawnSync('podman', ['image', 'exists', base], { env }).status !== 0) {
    if (process.env.TALA_IMAGE_BASE) assert.fail(`${base} is not in podman's local storage`);
    streamed(path.join(root, 'deploy/image/local-base.sh'), [base, String(NODE_MAJOR)]);
  }
  const started = Date.now();
  streamed('podman', [
    '--runtime',
    'runc',
    'build',
    '--format',
    'docker',
    '--network',
    'host',
    '--build-arg',
    `BASE_IMAGE=${base}`,
    '-t',
    image,
    '-f',
    'Containerfile',
    '.',
  ]);
  console.log(`image built in ${Math.round((Date.now() - started) / 1000)} s`);
  ports = await freePorts(['gate', 'metrics', 'idp']);
  origin = `http://127.0.0.1:${ports.gate}`;
});

after(async () => {
  await podman('rm', '--force', '--ignore', name).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

/**
 * Runs `image` as `container` the way a platform would (read-only root, the image's own user), on
 * loopback ports (host networking: the embedded provider's redirects use addresses both sides
 * reach), and waits for `/readyz` 200 — failing at once, with the logs, if the container stops.
 */
async function runReady(container: string, runImage: string): Promise<void> {
  const env = {
    ENVIRONMENT: 'development',
    HOST: '127.0.0.1',
    PORT: String(ports.gate),
    METRICS_PORT: String(ports.metrics),
    DEV_IDP_PORT: String(ports.idp),
    PUBLIC_URL: origin,
    SHED_EVENT_LOOP_DELAY_MS: '0',
  };
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  await podman(
    'run',
    '--detach',
    '--name',
    container,
    '--read-only',
    '--ulimit',
    'host',
    '--network',
    'host',
    ...envArgs,
    runImage,
  );
  const deadline = Date.now() + 120_000;
  while ((await send(`${origin}/readyz`).catch(() => ({ status: 0 }))).status !== 200) {
    const state = await podman('inspect', '--format', '{{.State.Status}}', container);
    assert.ok(state === 'running', `the container is ${state}:\n${await podman('logs', container)}`);
    assert.ok(Date.now() < deadline, `not ready after 120 s:\n${await podman('logs', container)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('the image runs as a non-root user with a health check, and reports its size', async () => {
  const [user, healthcheck, size] = (
    await podman('image', 'inspect', '--format', '{{.Config.User}}|{{json .Config.Healthcheck}}|{{.Size}}', image)
  ).split('|');
  assert.equal(user, '10001:10001');
  assert.match(String(healthcheck), /\/healthz/);
  console.log(`image size: ${(Number(size) / 1e6).toFixed(0)} MB`);
});

test('read-only and non-root, it becomes ready, signs readers in and keeps on-prem for the role', async () => {
  await runReady(name, image);

  const status = await podman('exec', name, 'cat', '/proc/1/status');
  assert.match(status, /^Uid:\s+10001\s/m, 'the gate is not root');
  const write = await podman('exec', name, 'sh', '-c', 'touch /app/x 2>&1 || echo refused');
  assert.match(write, /refused|Read-only/, 'the root filesystem is read-only');

  const anonymous = await send(`${origin}${ONPREM_PAGE}`);
  assert.equal(anonymous.status, 401, 'an anonymous visitor gets the login screen');
  const reader = await signIn({ via: origin, publicUrl: origin, username: 'reader@tala.example' });
  const refused = await send(`${origin}${ONPREM_PAGE}`, { headers: { cookie: reader } });
  assert.equal(refused.status, 302);
  assert.equal(refused.headers.location, FORBIDDEN_ROUTE);
  const readable = await send(`${origin}/`, { headers: { cookie: reader } });
  assert.equal(readable.status, 200);
  const admin = await signIn({ via: origin, publicUrl: origin, username: 'admin@tala.example' });
  assert.equal((await send(`${origin}${ONPREM_PAGE}`, { headers: { cookie: admin } })).status, 200);

  const metrics = await send(`http://127.0.0.1:${ports.metrics}/metrics`);
  assert.match(metrics.body.toString(), /^tala_http_requests_total\{/m);
  await podman('healthcheck', 'run', name);
});

test('SIGTERM drains and the process exits 0', async () => {
  await podman('stop', '--time', '30', name);
  assert.equal(await podman('inspect', '--format', '{{.State.ExitCode}}', name), '0', await podman('logs', name));
});

test('PREVIOUS_IMAGE: the next image keeps the previous release’s hashed assets for readers still on it', async () => {
  // A "previous release": this image with one more hashed asset in its build and manifest.
  const asset = 'assets/js/previous.0badc0de.js';
  writeFileSync(
    path.join(work, 'Containerfile.previous'),
    `FROM ${image}
USER root
RUN node -e "const fs = require('node:fs'); const m = JSON.parse(fs.readFileSync('site/build/.access-manifest.json', 'utf8')); m.files['${asset}'] = 'public'; fs.writeFileSync('site/build/${asset}', 'previous release'); fs.writeFileSync('site/build/.access-manifest.json', JSON.stringify(m));"
USER 10001:10001
`,
  );
  streamed('podman', [
    '--runtime',
    'runc',
    'build',
    '--format',
    'docker',
    '-t',
    `${image}-previous`,
    '-f',
    path.join(work, 'Containerfile.previous'),
    work,
  ]);
  streamed('podman', [
    '--runtime',
    'runc',
    'build',
    '--format',
    'docker',
    '--network',
    'host',
    '--build-arg',
    `BASE_IMAGE=${base}`,
    '--build-arg',
    `PREVIOUS_IMAGE=${image}-previous`,
    '-t',
    `${image}-next`,
    '-f',
    'Containerfile',
    '.',
  ]);
  const next = `${name}-next`;
  try {
    await runReady(next, `${image}-next`);
    const carried = await send(`${origin}/${asset}`);
    assert.equal(carried.status, 200);
    assert.equal(carried.body.toString(), 'previous release');
  } finally {
    await podman('rm', '--force', '--ignore', next);
  }
});
