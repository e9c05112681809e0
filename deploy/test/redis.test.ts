import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Redis } from 'ioredis';
import { buildGate, READER } from '../../server/test/helper.ts';
import { PORTAL_HOST, setCookies, signIn } from '../../server/test/oidc-flow.ts';
import { findProgram, freePorts, Processes, redisPing, waitUntil } from './processes.ts';

/**
 * The gate's shared state in a real redis-server: revoked sessions with their expiry, one rate
 * budget across replicas, and what readers get while Redis is away (503, never a 500, never access).
 */
const processes = new Processes(path.resolve(import.meta.dirname, '../..'));
const dir = mkdtempSync(path.join(tmpdir(), 'tala-redis-'));
let redisUrl = '';
let port = 0;

async function startRedis(): Promise<void> {
  const program = findProgram('redis-server', 'REDIS_SERVER_PATH', ['/usr/bin/redis-server']);
  const args = ['--port', `${port}`, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  processes.start('redis', program, [...args, '--logfile', ''], { PATH: process.env.PATH ?? '' });
  await waitUntil('redis-server', () => redisPing(port), { processes, name: 'redis' });
}

before(async () => {
  ({ redis: port } = await freePorts(['redis']));
  redisUrl = `redis://127.0.0.1:${port}`;
  await startRedis();
});
after(async () => {
  await processes.stopAll();
  rmSync(dir, { recursive: true, force: true });
});

const EMBEDDED = {
  OIDC_ISSUER: '',
  DEV_IDP_PORT: '0',
  PUBLIC_URL: `http://${PORTAL_HOST}`,
  SESSION_SECRETS: 'redis-test-secret-redis-test-secret-0001',
};
const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');

test('a logout is a Redis key that expires with the session it ended', async (t) => {
  const app = await buildGate(t, { env: { ...EMBEDDED, REDIS_URL: redisUrl, SESSION_MAX_AGE: '2h' } });
  const cookie = cookieHeader(setCookies((await signIn(app, 'reader@tala.example')).headers));
  const logout = await app.inject({
    method: 'POST',
    url: '/auth/logout',
    headers: { cookie, host: PORTAL_HOST, origin: `http://${PORTAL_HOST}` },
  });
  assert.equal(logout.statusCode, 303);
  const redis = new Redis(redisUrl);
  t.after(() => redis.quit());
  const keys = await redis.keys('tala:revoked:*');
  const sessions = keys.filter((key) => !key.startsWith('tala:revoked:login:'));
  assert.equal(sessions.length, 1, keys.join(', '));
  const ttl = await redis.ttl(sessions[0] as string);
  // The idle timeout (1 h) ends it before the absolute 2 h: the key lives no longer than that.
  assert.ok(ttl > 3500 && ttl <= 3600, `ttl ${ttl}`);
  assert.equal((await app.inject({ url: '/studio/build/', headers: { cookie } })).statusCode, 401);
});

test('replicas share one search budget through Redis', async (t) => {
  const env = { REDIS_URL: redisUrl, SEARCH_HEAVY_RATE_PER_MINUTE: '4' };
  const files = { '.search-records.json': '[]' };
  const a = await buildGate(t, { identity: READER, env, files });
  const b = await buildGate(t, { identity: READER, env, files });
  const heavy = JSON.stringify({ requests: [{ indexName: 'tala-docs', query: 'x', hitsPerPage: 500 }] });
  const search = (app: typeof a) =>
    app.inject({
      method: 'POST',
      url: '/1/indexes/*/queries',
      headers: { 'content-type': 'text/plain' },
      payload: heavy,
    });
  for (let i = 0; i < 2; i++) assert.equal((await search(a)).statusCode, 200);
  for (let i = 0; i < 2; i++) assert.equal((await search(b)).statusCode, 200);
  assert.equal((await search(a)).statusCode, 429, 'the fifth heavy search, on either replica, is over budget');
});

test('with Redis away, a signed-in request fails closed with 503 and /readyz says so; it recovers', async (t) => {
  const app = await buildGate(t, { env: { ...EMBEDDED, REDIS_URL: redisUrl } });
  const cookie = cookieHeader(setCookies((await signIn(app, 'admin@tala.example')).headers));
  assert.equal((await app.inject({ url: '/on-prem/overview/', headers: { cookie } })).statusCode, 200);
  await processes.kill('redis');
  const page = await app.inject({ url: '/on-prem/overview/', headers: { cookie } });
  assert.equal(page.statusCode, 503);
  assert.doesNotMatch(page.body, /ONPREM-SECRET/);
  assert.match(page.json().message, /Sign-in is unavailable/);
  const ready = await app.inject('/readyz');
  assert.equal(ready.statusCode, 503);
  assert.equal(ready.json().checks.redis, false);
  // Anonymous visitors have no session to check: they still get the login screen.
  assert.equal((await app.inject('/studio/build/')).statusCode, 401);
  await startRedis();
  await waitUntil('the gate reconnects', async () => (await app.inject('/readyz')).json().checks.redis === true, {
    processes,
    name: 'redis',
  });
  assert.equal((await app.inject({ url: '/on-prem/overview/', headers: { cookie } })).statusCode, 200);
});
