/**
 * The MCP authorization server under a second pen test (SEC2): no open redirect through
 * /oauth/authorize, bounded registrations and store, token budgets per client, refresh-token
 * families, and malformed requests answered as such. The flow itself is in mcp.test.ts.
 */
import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/server';
import type { Identity } from '@tala/policy';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { type Grant, McpAuthorization } from '../src/mcp/authorization.ts';
import { ClientMetadataResolver } from '../src/mcp/client-metadata.ts';
import { mcpSettings } from '../src/mcp/settings.ts';
import { type KeyValues, memoryKeyValues } from '../src/store/key-values.ts';
import { memoryRevocations } from '../src/store/revocations.ts';
import { buildGate, READER } from './helper.ts';
import {
  answerConsent,
  approvedClient,
  authorizationQuery,
  authorize,
  ENV,
  ORIGIN,
  pkce,
  REDIRECT,
  register,
  rpc,
  tokenRequest,
} from './mcp-client.ts';

const gate = (t: TestContext, identity: Identity | null = READER) => buildGate(t, { identity, env: ENV });

/** An error answered on the portal itself: no redirect, an OAuth error body, not cached. */
function assertPortalError(res: LightMyRequestResponse, error: string, why: string) {
  assert.equal(res.statusCode, 400, `${why}: ${res.body}`);
  assert.equal(res.headers.location, undefined, `${why}: no redirect`);
  assert.equal(res.headers['cache-control'], 'no-store', why);
  assert.equal(res.json().error, error, why);
  assert.equal(typeof res.json().error_description, 'string', why);
}

/** An error sent to the client's redirect URI, with the issuer (RFC 9207). */
function assertRedirectError(res: LightMyRequestResponse, error: string, why: string) {
  assert.equal(res.statusCode, 302, `${why}: ${res.body}`);
  const location = new URL(String(res.headers.location));
  assert.equal(`${location.origin}${location.pathname}`, REDIRECT, why);
  assert.equal(location.searchParams.get('error'), error, why);
  assert.equal(location.searchParams.get('iss'), ORIGIN, why);
}

// ── Below the routes: the provider and its store, with a clock of their own ────────────────────

const settings = mcpSettings(
  loadConfig({
    ...ENV,
    OIDC_ISSUER: 'https://idp.invalid',
    OIDC_CLIENT_ID: 'tala-docs-test',
    OIDC_CLIENT_SECRET: 'test-secret',
  }),
);
const GRANT: Grant = {
  sub: 'reader-1',
  name: 'Ada Reader',
  username: null,
  roles: ['Documentation.Reader'],
  sid: 'sid-1',
  rolesAt: Math.floor(Date.now() / 1000),
};

async function registerDirectly(authorization: McpAuthorization, name: string, redirect = REDIRECT) {
  return authorization.registerClient({
    client_name: name,
    redirect_uris: [redirect],
    token_endpoint_auth_method: 'none',
  });
}

/** A reader approves `client`: the code, unexchanged, and its PKCE verifier. */
async function approveDirectly(authorization: McpAuthorization, client: OAuthClientInformationFull) {
  const { verifier, challenge } = pkce();
  const id = await authorization.startAuthorization(
    { client, approved: false, fromDocument: false },
    {
      redirectUri: REDIRECT,
      codeChallenge: challenge,
      state: 'st-1',
      scopes: [],
      resource: new URL(`${ORIGIN}/mcp`),
    },
  );
  const redirect = await authorization.approve(id, GRANT);
  assert.ok(redirect);
  return { code: new URL(redirect).searchParams.get('code') as string, verifier };
}

const provider = (store: KeyValues) =>
  new McpAuthorization(settings, store, memoryRevocations(), new ClientMetadataResolver({ allowLoopback: false }));

// ── SEC2-03 open redirect ──────────────────────────────────────────────────────────────────────

test('SEC2-03 an error for a client nobody approved is a page on the portal, never a redirect', async (t) => {
  const app = await gate(t);
  const phish = 'https://evil.example/phish';
  const { client_id } = await register(app, { redirect_uris: [phish] });
  const { challenge } = pkce();
  const query = (extra: Record<string, string>, without?: string) => {
    const params = authorizationQuery(client_id, challenge, { redirect_uri: phish, ...extra });
    if (without) params.delete(without);
    return `/oauth/authorize?${params}`;
  };
  const cases: [string, string, string][] = [
    ['implicit flow asked', query({ response_type: 'token' }), 'unsupported_response_type'],
    ['no response_type', query({}, 'response_type'), 'invalid_request'],
    ['another resource', query({ resource: 'https://other.example/mcp' }), 'invalid_target'],
    ['no PKCE', query({}, 'code_challenge'), 'invalid_request'],
    ['plain PKCE', query({ code_challenge_method: 'plain' }), 'invalid_request'],
  ];
  for (const [why, url, error] of cases) {
    const res = await app.inject(url);
    assertPortalError(res, error, why);
    assert.doesNotMatch(res.body, /evil\.example/, `${why}: the page does not link the client's address`);
  }
});

test('SEC2-03 once a reader approved the client, authorization responses go to it and name the issuer (RFC 9207)', async (t) => {
  const app = await gate(t);
  const metadata = (await app.inject('/.well-known/oauth-authorization-server')).json();
  assert.equal(metadata.authorization_response_iss_parameter_supported, true);

  const client = await approvedClient(app);
  assert.ok(client.back.searchParams.get('code'));
  assert.equal(client.back.searchParams.get('iss'), ORIGIN, 'the code response names the issuer');
  assert.equal(client.back.searchParams.get('state'), 'st-1');

  const { challenge } = pkce();
  const error = await app.inject(
    `/oauth/authorize?${authorizationQuery(client.client_id, challenge, { response_type: 'token' })}`,
  );
  assertRedirectError(error, 'unsupported_response_type', 'an approved client gets its errors');
  assert.equal(new URL(String(error.headers.location)).searchParams.get('state'), 'st-1');

  const denied = await answerConsent(
    app,
    `/oauth/authorize?${authorizationQuery(client.client_id, challenge)}`,
    'deny',
  );
  assert.equal(denied.searchParams.get('error'), 'access_denied');
  assert.equal(denied.searchParams.get('iss'), ORIGIN, 'access_denied names the issuer');
});

// ── SEC2-05 registration size and store bounds ─────────────────────────────────────────────────

test('SEC2-05 registration bounds every field and the whole body, and names what is too big', async (t) => {
  const app = await gate(t);
  const long = (n: number) => `https://app.example/${'a'.repeat(n)}`;
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['a 62 KB client_name', { client_name: 'x'.repeat(62_000) }, /larger than 8 KB/],
    ['a 201-character client_name', { client_name: 'x'.repeat(201) }, /client_name/],
    ['11 redirect URIs', { redirect_uris: Array.from({ length: 11 }, (_, i) => `${REDIRECT}/${i}`) }, /redirect_uris/],
    ['a 2 KB redirect URI', { redirect_uris: [long(2000)] }, /redirect_uris/],
    ['a 2 KB client_uri', { client_uri: long(2000) }, /client_uri/],
    ['a long scope', { scope: 'read '.repeat(250) }, /scope/],
    ['6 contacts', { contacts: Array.from({ length: 6 }, (_, i) => `ops${i}@app.example`) }, /contacts/],
    ['a 9 KB body', { jwks: { keys: Array.from({ length: 90 }, () => ({ n: 'n'.repeat(100) })) } }, /larger than 8 KB/],
  ];
  for (const [why, extra, field] of cases) {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/register',
      payload: { client_name: 'Test', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...extra },
    });
    assert.equal(res.statusCode, 400, `${why}: ${res.statusCode}`);
    assert.equal(res.json().error, 'invalid_client_metadata', why);
    assert.match(res.json().error_description, field, why);
    assert.ok(res.body.length < 1000, `${why}: the answer does not echo the input`);
  }
  assert.ok(await register(app, { client_name: 'c'.repeat(200), scope: 'mcp' }), 'a real client still registers');
});

test('SEC2-05 an address registers at most 20 clients an hour', async (t) => {
  const app = await gate(t);
  for (let i = 0; i < 20; i++) await register(app);
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    payload: { client_name: 'one more', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' },
  });
  assert.equal(res.statusCode, 429);
  assert.ok(Number(res.headers['retry-after']) > 60, `retry in ${res.headers['retry-after']} s`);
});

test('SEC2-05 a client nobody approved is forgotten after an hour; an approved one stays registered', async () => {
  let clock = Date.now();
  const authorization = provider(memoryKeyValues(() => clock));
  const never = await registerDirectly(authorization, 'never signed in');
  const used = await registerDirectly(authorization, 'signed in');
  await approveDirectly(authorization, used);
  clock += 3601 * 1000;
  assert.equal((await authorization.findClient(never.client_id))?.client, undefined);
  assert.ok((await authorization.findClient(used.client_id))?.client);
  clock += 29 * 24 * 3600 * 1000;
  assert.ok((await authorization.findClient(used.client_id))?.client, 'for the client lifetime');
});

test('SEC2-05 a registration flood pushes out only registrations, never refresh tokens, codes or consents', async () => {
  const authorization = provider(memoryKeyValues());
  const client = await registerDirectly(authorization, 'real assistant');
  const first = await approveDirectly(authorization, client);
  const tokens = await authorization.exchangeAuthorizationCode(client, first.code, first.verifier, REDIRECT);
  const second = await approveDirectly(authorization, client);
  for (let i = 0; i < 100_001; i++) await registerDirectly(authorization, `flood ${i}`, 'https://evil.example/phish');
  assert.ok((await authorization.findClient(client.client_id))?.client, 'the approved client');
  assert.ok(await authorization.hasConsented(GRANT.sub, client.client_id), 'the consent');
  assert.ok(await authorization.challengeForAuthorizationCode(client, second.code), 'the unexchanged code');
  const refreshed = await authorization.exchangeRefreshToken(client, tokens.refresh_token as string);
  assert.ok(refreshed.access_token, 'the refresh token');
});

test('SEC2-05 the in-memory store is bounded in bytes as well as in entries', async () => {
  const store = memoryKeyValues();
  const value = 'v'.repeat(32 * 1024);
  // 1,100 entries of 64 KiB (UTF-16) each: well under the entry bound, over 64 MiB.
  for (let i = 0; i < 1100; i++) await store.set(`refresh:${i}`, value, 600);
  assert.ok((await store.get('refresh:0')) === null, 'the oldest entry made room');
  assert.ok((await store.get('refresh:1099')) === value, 'the newest is kept');
});

// ── SEC2-06 token budget per client ────────────────────────────────────────────────────────────

test('SEC2-06 junk token requests from an address do not lock the signed-in clients behind it out of refresh', async (t) => {
  const app = await gate(t);
  const { client_id, refresh_token } = await authorize(app);
  const confidential = await register(app, { token_endpoint_auth_method: 'client_secret_post' });
  const junk = (i: number) =>
    tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: 'junk',
      // Unknown clients, and a known confidential client with a wrong secret: neither authenticates.
      ...(i % 2 ? { client_id: 'nobody' } : { client_id: confidential.client_id, client_secret: 'wrong' }),
    });
  const statuses = new Set<number>();
  for (let i = 0; i < 61; i++) statuses.add((await junk(i)).statusCode);
  assert.deepEqual([...statuses].sort(), [401, 429], 'the address spends its budget');

  const refreshed = await tokenRequest(app, { grant_type: 'refresh_token', client_id, refresh_token });
  assert.equal(refreshed.statusCode, 200, refreshed.body);
  const authenticated = await tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id: confidential.client_id,
    client_secret: confidential.client_secret as string,
    refresh_token: 'x',
  });
  assert.equal(authenticated.json().error, 'invalid_grant', 'a client with its secret has its own budget');
});

// ── SEC2-08 refresh-token families ─────────────────────────────────────────────────────────────

test('SEC2-08 replaying a rotated refresh token revokes its family: refresh tokens and access tokens', async (t) => {
  const app = await gate(t);
  const { client_id, refresh_token, access_token } = await authorize(app);
  const other = await authorize(app);
  const rotated = await tokenRequest(app, { grant_type: 'refresh_token', client_id, refresh_token });
  assert.equal(rotated.statusCode, 200, rotated.body);
  assert.equal((await rpc(app, rotated.json().access_token, 'tools/list')).statusCode, 200);

  const replay = await tokenRequest(app, { grant_type: 'refresh_token', client_id, refresh_token });
  assert.equal(replay.json().error, 'invalid_grant');
  const next = await tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id,
    refresh_token: rotated.json().refresh_token,
  });
  assert.equal(next.json().error, 'invalid_grant', 'the live refresh token of the family is refused');
  assert.equal((await rpc(app, rotated.json().access_token, 'tools/list')).statusCode, 401);
  assert.equal((await rpc(app, access_token, 'tools/list')).statusCode, 401, 'the first access token too');

  assert.equal((await rpc(app, other.access_token, 'tools/list')).statusCode, 200, 'another grant is untouched');
  const otherRefresh = await tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id: other.client_id,
    refresh_token: other.refresh_token,
  });
  assert.equal(otherRefresh.statusCode, 200, otherRefresh.body);
});

test("SEC2-08 another client's refresh token, live or spent, is refused and not burnt for its owner", async (t) => {
  const app = await gate(t);
  const owner = await authorize(app);
  const thief = await register(app);
  const stolen = await tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id: thief.client_id,
    refresh_token: owner.refresh_token,
  });
  assert.equal(stolen.json().error, 'invalid_grant');
  const rotated = await tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id: owner.client_id,
    refresh_token: owner.refresh_token,
  });
  assert.equal(rotated.statusCode, 200, `the owner's token still works: ${rotated.body}`);

  const spent = await tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id: thief.client_id,
    refresh_token: owner.refresh_token,
  });
  assert.equal(spent.json().error, 'invalid_grant');
  const again = await tokenRequest(app, {
    grant_type: 'refresh_token',
    client_id: owner.client_id,
    refresh_token: rotated.json().refresh_token,
  });
  assert.equal(again.statusCode, 200, `another client's replay revokes nothing: ${again.body}`);
  assert.equal((await rpc(app, again.json().access_token, 'tools/list')).statusCode, 200);
});

// ── SEC2-09 malformed requests ─────────────────────────────────────────────────────────────────

test('SEC2-09 a repeated parameter or an unparsable resource on /oauth/authorize is invalid_request, not an internal error', async (t) => {
  const lines: string[] = [];
  const app = await buildGate(t, { identity: READER, env: ENV, logLines: lines });
  const { challenge } = pkce();
  const requests = (client_id: string) => {
    const repeatedScope = authorizationQuery(client_id, challenge, { scope: 'a' });
    repeatedScope.append('scope', 'b');
    const repeatedState = authorizationQuery(client_id, challenge);
    repeatedState.append('state', 'st-2');
    return {
      'a repeated scope': repeatedScope,
      'a repeated state': repeatedState,
      'an unparsable resource': authorizationQuery(client_id, challenge, { resource: 'not a url' }),
    };
  };
  const fresh = await register(app);
  for (const [why, query] of Object.entries(requests(fresh.client_id))) {
    assertPortalError(await app.inject(`/oauth/authorize?${query}`), 'invalid_request', `${why}, unapproved client`);
  }
  const repeatedClient = authorizationQuery(fresh.client_id, challenge);
  repeatedClient.append('client_id', fresh.client_id);
  assertPortalError(await app.inject(`/oauth/authorize?${repeatedClient}`), 'invalid_request', 'a repeated client_id');
  const repeatedRedirect = authorizationQuery(fresh.client_id, challenge);
  repeatedRedirect.append('redirect_uri', 'https://evil.example/phish');
  assertPortalError(await app.inject(`/oauth/authorize?${repeatedRedirect}`), 'invalid_request', 'two redirect_uri');

  const approved = await approvedClient(app);
  for (const [why, query] of Object.entries(requests(approved.client_id))) {
    assertRedirectError(await app.inject(`/oauth/authorize?${query}`), 'invalid_request', `${why}, approved client`);
  }
  const errors = lines.map((line) => JSON.parse(line)).filter((line) => line.level >= 50);
  assert.deepEqual(errors, [], 'nothing logged as an internal error');
});

test('SEC2-09 an unparsable resource at the token endpoint is 400 invalid_request and burns nothing', async (t) => {
  const app = await gate(t);
  const { client_id, refresh_token } = await authorize(app);
  const res = await tokenRequest(app, { grant_type: 'refresh_token', client_id, refresh_token, resource: 'not a url' });
  assert.equal(res.statusCode, 400, res.body);
  assert.equal(res.json().error, 'invalid_request');
  const refreshed = await tokenRequest(app, { grant_type: 'refresh_token', client_id, refresh_token });
  assert.equal(refreshed.statusCode, 200, refreshed.body);
});

test('SEC2-09 a redirect URI with a fragment, even an empty one, is refused at registration and authorization', async (t) => {
  const app = await gate(t);
  for (const uri of ['https://app.example/cb#', 'https://app.example/cb#x', `${REDIRECT}#`]) {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/register',
      payload: { client_name: 'x', redirect_uris: [uri], token_endpoint_auth_method: 'none' },
    });
    assert.equal(res.statusCode, 400, uri);
    assert.equal(res.json().error, 'invalid_client_metadata', uri);
  }
  const { client_id } = await register(app);
  const { challenge } = pkce();
  const res = await app.inject(
    `/oauth/authorize?${authorizationQuery(client_id, challenge, { redirect_uri: `${REDIRECT}#` })}`,
  );
  assertPortalError(res, 'invalid_request', 'a requested redirect_uri with an empty fragment');
});

test('SEC2-08 revoking a refresh token ends the access tokens of its grant as well (RFC 7009 §2.1)', async (t) => {
  const app = await gate(t);
  const { client_id, refresh_token, access_token } = await authorize(app);
  const other = await authorize(app);
  assert.equal((await rpc(app, access_token, 'tools/list')).statusCode, 200);
  const revoke = await app.inject({
    method: 'POST',
    url: '/oauth/revoke',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id, token: refresh_token, token_type_hint: 'refresh_token' }).toString(),
  });
  assert.equal(revoke.statusCode, 200);
  assert.equal((await rpc(app, access_token, 'tools/list')).statusCode, 401);
  const refresh = await tokenRequest(app, { grant_type: 'refresh_token', client_id, refresh_token });
  assert.equal(refresh.json().error, 'invalid_grant');
  assert.equal((await rpc(app, other.access_token, 'tools/list')).statusCode, 200, 'another grant is untouched');
});
