/**
 * The multi-replica recipe, for real: redis-server, ONE development identity provider, two gates
 * sharing SESSION_SECRETS and REDIS_URL, and nginx with deploy/nginx/tala-docs.conf in front, all
 * on random loopback ports. Needs the real build (npm run build) and Debian's nginx and
 * redis-server (.ci/run installs them).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ACCESS_MANIFEST_FILE } from '@tala/policy';
import { send } from './http.ts';
import { readerTargets, readUnderLoad } from './load.ts';
import { nginxArgs, nginxTest, writeNginxConfig } from './nginx.ts';
import { findProgram, freePorts, Processes, redisPing, waitUntil } from './processes.ts';
import { signIn } from './sign-in.ts';

const root = path.resolve(import.meta.dirname, '../..');
const buildDir = path.join(root, 'site/build');
const processes = new Processes(root);
const dir = mkdtempSync(path.join(tmpdir(), 'tala-replicas-'));
let ports = { nginx: 0, redis: 0, idp: 0, a: 0, b: 0 };
let publicUrl = '';
let nginxConfig = '';
let nginx = '';
const gate = (name: 'a' | 'b') => `http://127.0.0.1:${ports[name]}`;
const ok = async (url: string) => (await send(url)).status === 200;

/** A test whose failure message ends with the gates' output and nginx's error log: the reason is usually there. */
function step(name: string, body: () => Promise<void> | void): void {
  test(name, async () => {
    try {
      await body();
    } catch (error) {
      const nginxLog = path.join(dir, 'error.log');
      const logs = [
        ...['a', 'b'].map((gateName) => `gate ${processes.describe(gateName)}`),
        `nginx error.log:\n${existsSync(nginxLog) ? readFileSync(nginxLog, 'utf8').slice(-4000) : ''}`,
      ];
      if (error instanceof Error) error.message += `\n\n${logs.join('\n')}`;
      throw error;
    }
  });
}

/** redis-server and the provider, then both gates, then nginx in front; each waited for with a deadline. */
async function startAll(): Promise<void> {
  if (!existsSync(path.join(buildDir, ACCESS_MANIFEST_FILE))) {
    throw new Error(`${buildDir} has no build: run \`npm run build\` first.`);
  }
  nginx = findProgram('nginx', 'NGINX_PATH', ['/usr/sbin/nginx']);
  const redis = findProgram('redis-server', 'REDIS_SERVER_PATH', ['/usr/bin/redis-server']);
  ports = await freePorts(['nginx', 'redis', 'idp', 'a', 'b']);
  publicUrl = `http://127.0.0.1:${ports.nginx}`;
  // Not the caller's environment: a stray OIDC_* or SKIP_AUTHENTICATION would change what runs.
  const base = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? dir };
  const client = { OIDC_CLIENT_ID: 'tala-docs-replicas', OIDC_CLIENT_SECRET: 'replicas-client-secret' };

  // No persistence, log to stdout (kept for failure messages), anything it writes in the temp dir.
  const redisArgs = ['--port', `${ports.redis}`, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  processes.start('redis', redis, [...redisArgs, '--dir', dir, '--logfile', ''], base);
  processes.start('idp', process.execPath, ['server/src/dev-idp/standalone.ts'], {
    ...base,
    ...client,
    DEV_IDP_PORT: String(ports.idp),
    PUBLIC_URL: publicUrl,
  });
  const issuer = `http://127.0.0.1:${ports.idp}`;
  // The gates need Redis as they start; the provider only at the first sign-in (discovery is lazy).
  await waitUntil('redis-server', () => redisPing(ports.redis), { processes, name: 'redis' });

  for (const name of ['a', 'b'] as const) {
    processes.start(name, process.execPath, ['server/src/server.ts'], {
      ...base,
      ...client,
      PORT: String(ports[name]),
      HOST: '127.0.0.1',
      BUILD_DIR: buildDir,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      SESSION_SECRETS: 'replicas-test-session-secret-shared-by-both-gates',
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      OIDC_ISSUER: issuer,
      LOG_LEVEL: 'warn',
      // What is tested is replicas sharing sessions and failing over, not load shedding (operations
      // tests that): on a busy CI machine a stalled loop would answer a sign-in step 503.
      SHED_EVENT_LOOP_DELAY_MS: '0',
    });
  }
  await Promise.all([
    waitUntil('identity provider', () => ok(`${issuer}/.well-known/openid-configuration`), {
      processes,
      name: 'idp',
    }),
    ...(['a', 'b'] as const).map((name) =>
      waitUntil(`gate ${name}`, () => ok(`${gate(name)}/healthz`), { processes, name, timeoutMs: 30_000 }),
    ),
  ]);

  nginxConfig = writeNginxConfig(dir, ports.nginx, [ports.a, ports.b]);
  processes.start('nginx', nginx, nginxArgs(dir, nginxConfig), base);
  await waitUntil('nginx', () => ok(`${publicUrl}/healthz`), { processes, name: 'nginx' });
}

// Bounded: the gates load the search records as they start (a few seconds each on a busy machine).
before(startAll, { timeout: 40_000 });

after(async () => {
  await processes.stopAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('two gate replicas behind nginx, one identity provider, one Redis', { timeout: 30_000 }, () => {
  let firstSession = '';

  step('nginx -t accepts the config generated from deploy/nginx/tala-docs.conf', () => {
    const { status, output } = nginxTest(nginx, dir, nginxConfig);
    assert.equal(status, 0, output);
    assert.match(output, /test is successful/);
  });

  step('a session signed in on replica A reads a page on replica B', async () => {
    firstSession = await signIn({ via: gate('a'), publicUrl, username: 'reader@tala.example' });
    const host = new URL(publicUrl).host;
    const page = await send(`${gate('b')}/`, { headers: { host, cookie: firstSession } });
    assert.equal(page.status, 200, 'replica B opens the session sealed by replica A (shared SESSION_SECRETS)');
    const anonymous = await send(`${gate('b')}/`, { headers: { host } });
    assert.equal(anonymous.status, 401, 'without the cookie, the login screen');
  });

  step('logout on replica A ends the session on replica B (revocation list in Redis)', async () => {
    assert.ok(firstSession, 'needs the sign-in of the previous test');
    const host = new URL(publicUrl).host;
    const logout = await send(`${gate('a')}/auth/logout`, {
      method: 'POST',
      headers: {
        host,
        origin: publicUrl,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: firstSession,
      },
      body: '',
    });
    assert.equal(logout.status, 303, `logout answered ${logout.status}: ${logout.body}`);
    // The browser drops the cookie; a copy of it (stolen, or another tab's request) must not work anywhere.
    const page = await send(`${gate('b')}/`, { headers: { host, cookie: firstSession } });
    assert.equal(page.status, 401, 'replica B still accepts a session that was logged out on replica A');
  });

  step('sign-in through nginx works whichever replica answers each step', async () => {
    const cookie = await signIn({ via: publicUrl, publicUrl, username: 'reader@tala.example' });
    for (let i = 0; i < 4; i++) assert.equal((await send(`${publicUrl}/`, { headers: { cookie } })).status, 200);
  });

  step('an assistant authorized through replica A works on replica B, and a logout on B ends it on A', async () => {
    // Registered clients, pending authorizations, codes and refresh tokens live in Redis (server/src/mcp).
    const host = new URL(publicUrl).host;
    const cookie = await signIn({ via: gate('a'), publicUrl, username: 'reader@tala.example' });
    const json = (reply: { body: Buffer }) => JSON.parse(reply.body.toString()) as Record<string, string>;
    const redirectUri = 'http://127.0.0.1:9/callback';
    const registered = await send(`${gate('a')}/oauth/register`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Replica test',
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'none',
      }),
    });
    assert.equal(registered.status, 201, registered.body.toString());
    const clientId = json(registered).client_id as string;
    const verifier = 'v'.repeat(43);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${publicUrl}/mcp`,
    });
    const started = await send(`${gate('b')}/oauth/authorize?${query}`, { headers: { host } });
    assert.equal(started.status, 302, 'replica B knows the client registered on A');
    const requestId = new URL(String(started.headers.location), publicUrl).searchParams.get('request') as string;
    const approved = await send(`${gate('a')}/api/mcp/authorizations/${requestId}`, {
      method: 'POST',
      headers: { host, cookie, origin: publicUrl, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    assert.equal(approved.status, 200, 'replica A finds the request started on B');
    const code = new URL(json(approved).redirect as string).searchParams.get('code') as string;
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, ...fields }).toString(),
    });
    const tokens = await send(
      `${gate('b')}/oauth/token`,
      form({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri }),
    );
    assert.equal(tokens.status, 200, `replica B redeems the code issued on A: ${tokens.body}`);
    const list = (token: string, via: 'a' | 'b') =>
      send(`${gate(via)}/mcp`, {
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${token}`,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    assert.equal((await list(json(tokens).access_token as string, 'a')).status, 200);
    const refreshed = await send(
      `${gate('a')}/oauth/token`,
      form({ grant_type: 'refresh_token', refresh_token: json(tokens).refresh_token as string }),
    );
    assert.equal(refreshed.status, 200, 'replica A refreshes a token issued by B');
    const replayed = await send(
      `${gate('b')}/oauth/token`,
      form({ grant_type: 'refresh_token', refresh_token: json(tokens).refresh_token as string }),
    );
    assert.equal(json(replayed).error, 'invalid_grant', 'the spent refresh token is refused on the other replica too');

    const logout = await send(`${gate('b')}/auth/logout`, {
      method: 'POST',
      headers: {
        host,
        origin: publicUrl,
        'sec-fetch-site': 'same-origin',
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    assert.equal(logout.status, 303);
    assert.equal(
      (await list(json(refreshed).access_token as string, 'a')).status,
      401,
      'logged out on B: refused on A',
    );
  });

  step('a replica killed under load: every read through nginx still succeeds (retried on the other)', async () => {
    const cookie = await signIn({ via: publicUrl, publicUrl, username: 'reader@tala.example' });
    const accessLog = path.join(dir, 'access.log');
    const logStart = readFileSync(accessLog, 'utf8').length;
    const { failures, done, ms } = await readUnderLoad({
      origin: publicUrl,
      headers: { cookie },
      // As a browser reads them (brotli, every page under 32 KB): each response leaves the gate in
      // one write. A response a gate has started sending when it dies cannot be retried by any
      // proxy (the status line is already out); nginx retries everything else, which is what this
      // proves. Larger files would make the result depend on when the kill lands.
      targets: readerTargets(buildDir, 40, 32 * 1024),
      total: 300,
      concurrency: 3,
      midway: { after: 100, action: () => processes.kill('b', 'SIGKILL') },
    });
    assert.equal(done, 300);
    assert.deepEqual(failures, [], `${failures.length} of 300 reads failed in ${ms} ms`);
    assert.ok(processes.exited('b'), 'replica B was killed');

    const lines = readFileSync(accessLog, 'utf8').slice(logStart).trim().split('\n');
    const b = `127.0.0.1:${ports.b}`;
    const a = `127.0.0.1:${ports.a}`;
    assert.ok(
      lines.some((line) => line.includes(`upstream=${b} `)),
      'replica B answered part of the load before it died',
    );
    assert.ok(
      lines.some((line) => line.includes(`upstream=${b}, ${a} `)),
      `nginx retried on replica A after B died:\n${lines.slice(95, 130).join('\n')}`,
    );
  });
});
