/**
 * One account could starve search for everyone — six sessions, six budgets, and
 * one shared queue of four. Budgets are now per account and per address as well, sign-ins are
 * limited, and readers take turns for the search workers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROLES } from '@tala/policy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SessionCodec } from '../src/auth/session-cookie.ts';
import { SearchBusyError } from '../src/errors.ts';
import { FairQueue, QueueFullError } from '../src/protect/fair-queue.ts';
import { READERS_PER_ADDRESS, readerKey, SIGN_INS_PER_ACCOUNT } from '../src/protect/rate-limits.ts';
import { parseMultiQuery } from '../src/search/params.ts';
import { startSearcher } from '../src/search/searcher.ts';
import { buildGate, makeBuildDir } from './helper.ts';
import { PORTAL_HOST, signIn } from './oidc-flow.ts';
import { fixtureRecords } from './search-fixtures.ts';

const SECRET = 'budgets-secret-budgets-secret-0123456789ab';
const EMBEDDED = { OIDC_ISSUER: '', DEV_IDP_PORT: '0', PUBLIC_URL: `http://${PORTAL_HOST}`, SESSION_SECRETS: SECRET };
const files = { '.search-records.json': JSON.stringify(fixtureRecords()) };
const codec = new SessionCodec({
  secrets: [SECRET],
  maxAge: 8 * 3600,
  idleTimeout: 3600,
  roleTtl: 3600,
  secure: false,
});

/** A new session (its own sid) of the account `sub`. */
async function sessionOf(sub: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const value = await codec.seal({
    sid: crypto.randomUUID(),
    sub,
    name: sub,
    username: null,
    roles: [ROLES.reader],
    authTime: now,
    lastSeen: now,
    rolesAt: now,
  });
  return `tala_session=${value}`;
}

const heavyBody = JSON.stringify({ requests: [{ indexName: 'tala-docs', query: 'publish', hitsPerPage: 200 }] });
const search = (app: FastifyInstance, cookie: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/1/indexes/*/queries',
    headers: { cookie, 'content-type': 'application/json' },
    payload: heavyBody,
    remoteAddress,
  });

/** A job whose end the test decides. */
function controlled() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { work: () => done, finish };
}

test('SEC2-02 readers take turns for a slot: a freed slot goes to the next reader, not to the oldest backlog', async () => {
  const queue = new FairQueue({ slots: 1, perReader: 2, total: 10 });
  const order: string[] = [];
  const jobs = Array.from({ length: 4 }, () => controlled());
  const [a1, a2, a3, b1] = jobs as [
    ReturnType<typeof controlled>,
    ReturnType<typeof controlled>,
    ReturnType<typeof controlled>,
    ReturnType<typeof controlled>,
  ];
  const run = (reader: string, name: string, job: ReturnType<typeof controlled>) =>
    queue.run(reader, () => {
      order.push(name);
      return job.work();
    });
  const running = [run('a', 'a1', a1), run('a', 'a2', a2), run('a', 'a3', a3)];
  await assert.rejects(run('a', 'a4', controlled()), (error) => error instanceof QueueFullError);
  running.push(run('b', 'b1', b1));
  assert.equal(queue.waiting, 3);
  for (const job of [a1, a2, b1, a3]) {
    job.finish();
    // Let the finished job's continuation start the next one.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(running);
  assert.deepEqual(order, ['a1', 'a2', 'b1', 'a3'], 'b1 is served before a3 although a3 waited longer');
  assert.equal(queue.waiting, 0);
});

test('SEC2-02 a cheap job waiting goes before an expensive one that waited longer', async () => {
  const queue = new FairQueue({ slots: 1, perReader: 2, total: 10 });
  const order: string[] = [];
  const first = controlled();
  const run = (reader: string, name: string, kind: 'light' | 'heavy', job = controlled()) => {
    const done = queue.run(
      reader,
      () => {
        order.push(name);
        job.finish();
        return job.work();
      },
      kind,
    );
    return done;
  };
  const running = queue.run('script', () => {
    order.push('script-1');
    return first.work();
  });
  const waiting = [run('script', 'script-2', 'heavy'), run('modal', 'modal-1', 'light')];
  first.finish();
  await Promise.all([running, ...waiting]);
  assert.deepEqual(order, ['script-1', 'modal-1', 'script-2']);
});

test('SEC2-02 one reader filling the search workers never makes another reader busy', async (t) => {
  const searcher = await startSearcher(makeBuildDir(t, files), 1);
  t.after(() => searcher.close());
  const task = {
    queries: parseMultiQuery({ requests: [{ indexName: 'tala-docs', query: 'publish', hitsPerPage: 200 }] }),
    allowed: ['public' as const, 'reader' as const],
    origin: 'http://x',
  };
  // Submitted synchronously: the first reader's twelve bodies fill everything it may hold.
  const flood = Array.from({ length: 12 }, () => searcher.answer(task, 'reader-a'));
  const other = searcher.answer(task, 'reader-b');
  const outcomes = await Promise.allSettled(flood);
  assert.ok(
    outcomes.some((o) => o.status === 'rejected' && o.reason instanceof SearchBusyError),
    'a is refused',
  );
  const answer = await other;
  assert.match(answer.body, /^\{"results":/, 'b is answered');
});

test('SEC2-02 the sessions of one account share one search budget; another account keeps its own', async (t) => {
  const app = await buildGate(t, { env: { ...EMBEDDED, SEARCH_HEAVY_RATE_PER_MINUTE: '6' }, files });
  const sessions = await Promise.all(Array.from({ length: 6 }, () => sessionOf('one-account')));
  const statuses: number[] = [];
  for (const cookie of sessions) for (let i = 0; i < 2; i++) statuses.push((await search(app, cookie)).statusCode);
  assert.equal(statuses.filter((s) => s === 200).length, 6, `${statuses}`);
  assert.equal(statuses.filter((s) => s === 429).length, 6, `${statuses}`);
  assert.equal((await search(app, await sessionOf('another-account'))).statusCode, 200);
});

test('SEC2-02 one address has a budget of its own, a few readers wide', async (t) => {
  const perReader = 2;
  const app = await buildGate(t, {
    env: { ...EMBEDDED, SEARCH_HEAVY_RATE_PER_MINUTE: String(perReader) },
    files,
  });
  const addressBudget = perReader * READERS_PER_ADDRESS;
  const statuses: number[] = [];
  for (let account = 0; account <= READERS_PER_ADDRESS; account++) {
    const cookie = await sessionOf(`account-${account}`);
    for (let i = 0; i < perReader; i++) statuses.push((await search(app, cookie, '10.0.0.7')).statusCode);
  }
  assert.equal(statuses.filter((s) => s === 200).length, addressBudget, `${statuses}`);
  assert.deepEqual(statuses.slice(addressBudget), [429, 429]);
  // The same account from another address is within its own budget.
  assert.equal((await search(app, await sessionOf('elsewhere'), '10.0.0.8')).statusCode, 200);
});

test('SEC2-02 sign-ins are limited per address and per account', async (t) => {
  const app = await buildGate(t, { env: EMBEDDED });
  for (let i = 0; i < SIGN_INS_PER_ACCOUNT.max; i++) {
    const callback = await signIn(app, 'reader@tala.example');
    assert.equal(callback.headers.location, '/', `sign-in ${i + 1}`);
  }
  const limited = await signIn(app, 'reader@tala.example');
  assert.equal(limited.headers.location, '/Login/?error=limited');
  assert.equal(limited.headers['set-cookie']?.toString().includes('tala_session=ey'), false, 'no session');
  const other = await signIn(app, 'admin@tala.example');
  assert.equal(other.headers.location, '/', 'another account signs in');

  // One after another: @fastify/rate-limit's in-memory store hands every concurrent request the
  // same counter object, so a burst sees only the final count (all 429); sequential is what we test.
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const login = await app.inject({ url: '/auth/login', headers: { host: PORTAL_HOST }, remoteAddress: '10.0.0.9' });
    statuses.push(login.statusCode);
  }
  assert.deepEqual(statuses, [...Array(30).fill(302), 429]);
});

test('SEC2-02 an account spends one budget whether it comes with a session cookie or an MCP token', () => {
  const base = { sessionId: null, signIn: null, mcpAuth: undefined, headers: {}, ip: '10.0.0.1' };
  const asRequest = (fields: Record<string, unknown>) => ({ ...base, ...fields }) as unknown as FastifyRequest;
  const viaCookie = readerKey(asRequest({ sessionId: 'sid-1', signIn: { sub: 'riley', rolesAt: 0 } }));
  const viaOtherCookie = readerKey(asRequest({ sessionId: 'sid-2', signIn: { sub: 'riley', rolesAt: 0 } }));
  const viaToken = readerKey(asRequest({ mcpAuth: { extra: { sub: 'riley', sid: 'sid-3' } } }));
  assert.equal(viaCookie, viaOtherCookie);
  assert.equal(viaCookie, viaToken);
  assert.doesNotMatch(viaCookie, /riley/, 'the subject is hashed');
  assert.notEqual(readerKey(asRequest({ signIn: { sub: 'olu', rolesAt: 0 } })), viaCookie);
  assert.equal(readerKey(asRequest({})), 'ip:10.0.0.1');
});
