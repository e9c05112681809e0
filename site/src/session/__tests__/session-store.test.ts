import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fetchSession, hasOnpremRole, SERVER_RENDER_STATE, type SessionState, SessionStore } from '../session-store';

const quiet = () => {
  const errors: unknown[][] = [];
  return { errors, error: (...args: unknown[]) => errors.push(args) } as unknown as Console & { errors: unknown[][] };
};
const answer = (status: number, body: unknown) => async () => ({ ok: status < 400, status, json: async () => body });

test('ROLE-01 AUTH-05 a signed-in session carries the roles from /api/session', async () => {
  const state = await fetchSession(
    answer(200, { name: 'Olu Admin', username: 'admin@tala.example', roles: ['Documentation.Onprem'] }),
    '',
  );
  assert.deepEqual(state, {
    status: 'signed-in',
    name: 'Olu Admin',
    username: 'admin@tala.example',
    roles: ['Documentation.Onprem'],
    search: null,
  });
  assert.equal(hasOnpremRole(state), true);
});

test('the session carries the search credentials when the server gives them', async () => {
  const search = { appId: 'APP', apiKey: 'secured', indexName: 'tala-docs', hosts: ['https://search.example'] };
  const state = await fetchSession(answer(200, { name: 'R', roles: [], search }), '');
  assert.equal(state.status, 'signed-in');
  assert.deepEqual(state.status === 'signed-in' && state.search, search);
  const broken = await fetchSession(answer(200, { name: 'R', roles: [], search: { appId: 1 } }), '');
  assert.equal(broken.status === 'signed-in' && broken.search, null);
});

test('a 401 means signed out', async () => {
  assert.deepEqual(await fetchSession(answer(401, {}), ''), { status: 'signed-out' });
});

test('AUTH-11 a failure to read the session is logged and leaves the roles empty', async () => {
  const logger = quiet();
  const state = await fetchSession(answer(500, {}), '', logger);
  assert.deepEqual(state, { status: 'unknown' });
  assert.equal(hasOnpremRole(state), false);
  assert.equal(logger.errors.length, 1);
  const offline = await fetchSession(
    async () => {
      throw new TypeError('Failed to fetch');
    },
    '',
    logger,
  );
  assert.deepEqual(offline, { status: 'unknown' });
});

test('AUTH-09 build-time rendering treats the reader as signed in with the on-prem role', () => {
  assert.equal(hasOnpremRole(SERVER_RENDER_STATE), true);
});

test('a session that ends while the page is open triggers the sign-out handler (reload into the login screen)', async () => {
  const states: SessionState[] = [
    { status: 'signed-in', name: 'R', username: null, roles: [] },
    { status: 'signed-out' },
  ];
  let signedOut = 0;
  const store = new SessionStore(
    async () => states.shift() as SessionState,
    () => signedOut++,
  );
  assert.equal(store.get().status, 'loading');
  await store.settled();
  assert.equal(store.get().status, 'signed-in');
  await store.refresh();
  assert.equal(store.get().status, 'signed-out');
  assert.equal(signedOut, 1);
});
