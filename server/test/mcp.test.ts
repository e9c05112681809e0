/**
 * The MCP server and its OAuth authorization server, over HTTP with inject: discovery,
 * registration, authorization code with PKCE, consent, tokens, tools, and every way a token must be
 * refused. The browser journey with the SDK's own client is in e2e/tests/signin/mcp.spec.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Identity } from '@tala/policy';
import { Sealer } from '../src/auth/sealer.ts';
import { buildGate, ONPREM_ADMIN, READER } from './helper.ts';
import {
  approvedClient,
  authorize,
  callTool,
  ENV,
  ORIGIN,
  pkce,
  REDIRECT,
  register,
  rpc,
  SECRET,
} from './mcp-client.ts';

const gate = (t: import('node:test').TestContext, identity: Identity | null) => buildGate(t, { identity, env: ENV });

test('the metadata documents point a client from the resource to the authorization server', async (t) => {
  const app = await gate(t, READER);
  const resource = await app.inject('/.well-known/oauth-protected-resource/mcp');
  assert.equal(resource.statusCode, 200);
  assert.deepEqual(resource.json().resource, `${ORIGIN}/mcp`);
  assert.deepEqual(resource.json().authorization_servers, [ORIGIN]);
  const server = (await app.inject('/.well-known/oauth-authorization-server')).json();
  assert.equal(server.issuer, ORIGIN);
  assert.equal(server.token_endpoint, `${ORIGIN}/oauth/token`);
  assert.equal(server.registration_endpoint, `${ORIGIN}/oauth/register`);
  assert.deepEqual(server.code_challenge_methods_supported, ['S256']);
});

test('AUTH-01 /mcp without a token is 401 with the resource metadata pointer, and no content', async (t) => {
  const app = await gate(t, null);
  const res = await rpc(app, null, 'tools/list');
  assert.equal(res.statusCode, 401);
  // The MCP SDK's challenge (bearerAuthChallengeResponse): invalid_token and the RFC 9728 pointer.
  assert.match(String(res.headers['www-authenticate']), /^Bearer error="invalid_token"/);
  assert.match(
    String(res.headers['www-authenticate']),
    new RegExp(`resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp"`),
  );
  assert.equal(res.json().error, 'invalid_token');
  assert.doesNotMatch(res.body, /Build a solution/);
});

test('a reader authorizes an assistant that lists tools and reads pages, but not on-prem pages', async (t) => {
  const app = await gate(t, READER);
  const { access_token } = await authorize(app);
  const list = await rpc(app, access_token, 'tools/list');
  assert.equal(list.statusCode, 200, list.body);
  assert.deepEqual(
    list
      .json()
      .result.tools.map((tool: { name: string }) => tool.name)
      .sort(),
    ['list_sections', 'read_page', 'search_docs'],
  );
  const page = (await callTool(app, access_token, 'read_page', { url: `${ORIGIN}/studio/build/` })).json().result;
  assert.equal(page.isError, undefined);
  assert.equal(page.content[0].text, '# Build a solution\n');
  const onprem = (await callTool(app, access_token, 'read_page', { url: '/on-prem/overview/' })).json().result;
  assert.equal(onprem.isError, true);
  assert.match(onprem.content[0].text, /Documentation\.Onprem/);
  assert.doesNotMatch(JSON.stringify(onprem), /ONPREM-SECRET/);
  const sections = (await callTool(app, access_token, 'list_sections', {})).json().result;
  assert.match(sections.content[0].text, /Build a solution/);
  assert.doesNotMatch(sections.content[0].text, /ONPREM-SECRET/);
  const unknown = (
    await callTool(app, access_token, 'read_page', { url: 'https://evil.example/studio/build/' })
  ).json();
  assert.equal(unknown.result.isError, true);
});

test('ROLE-03 an on-prem admin reads on-prem pages and gets the on-prem table of contents', async (t) => {
  const app = await gate(t, ONPREM_ADMIN);
  const { access_token } = await authorize(app);
  const onprem = (await callTool(app, access_token, 'read_page', { url: '/on-prem/overview.md' })).json().result;
  assert.match(onprem.content[0].text, /ONPREM-SECRET/);
  const sections = (await callTool(app, access_token, 'list_sections', {})).json().result;
  assert.match(sections.content[0].text, /ONPREM-SECRET/);
});

test('tampered, expired, wrong-audience and revoked access tokens are refused with invalid_token', async (t) => {
  const app = await gate(t, READER);
  const { access_token, client_id } = await authorize(app);
  const sealer = new Sealer([SECRET], 'tala-docs mcp access token');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: 'x', sid: 'skip-authentication', roles: ['Documentation.Reader', 'Documentation.Onprem'] };
  const cases: [string, string][] = [
    ['tampered', `${access_token.slice(0, -4)}AAAA`],
    ['another audience', await sealer.seal({ ...claims, aud: 'https://other.example/mcp', jti: 'a' }, now + 60)],
    ['expired', await sealer.seal({ ...claims, aud: `${ORIGIN}/mcp`, jti: 'b' }, now - 5)],
    [
      'sealed for sessions',
      await new Sealer([SECRET], 'tala-docs session').seal({ ...claims, aud: `${ORIGIN}/mcp` }, now + 60),
    ],
    ['not a token', 'abc'],
  ];
  for (const [why, token] of cases) {
    const res = await rpc(app, token, 'tools/list');
    assert.equal(res.statusCode, 401, why);
    assert.match(String(res.headers['www-authenticate']), /error="invalid_token"/, why);
  }
  assert.equal((await rpc(app, access_token, 'tools/list')).statusCode, 200, 'the real token still works');
  const revoke = await app.inject({
    method: 'POST',
    url: '/oauth/revoke',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id, token: access_token }).toString(),
  });
  assert.equal(revoke.statusCode, 200);
  assert.equal((await rpc(app, access_token, 'tools/list')).statusCode, 401, 'revoked');
});

test('codes are single-use and need the PKCE verifier; refresh tokens rotate', async (t) => {
  const app = await gate(t, READER);
  const { client_id, code, verifier, refresh_token } = await authorize(app);
  const form = (fields: Record<string, string>) => ({
    method: 'POST' as const,
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id, ...fields }).toString(),
  });
  const reused = await app.inject(form({ grant_type: 'authorization_code', code, code_verifier: verifier }));
  assert.equal(reused.statusCode, 400);
  assert.equal(reused.json().error, 'invalid_grant');

  const refreshed = await app.inject(form({ grant_type: 'refresh_token', refresh_token }));
  assert.equal(refreshed.statusCode, 200, refreshed.body);
  assert.notEqual(refreshed.json().refresh_token, refresh_token);
  assert.equal((await rpc(app, refreshed.json().access_token, 'tools/list')).statusCode, 200);
  const replayed = await app.inject(form({ grant_type: 'refresh_token', refresh_token }));
  assert.equal(replayed.json().error, 'invalid_grant', 'a spent refresh token is refused');

  const second = await authorize(app);
  const wrongVerifier = await app.inject({
    ...form({ grant_type: 'authorization_code', code: second.code, code_verifier: pkce().verifier }),
    payload: new URLSearchParams({
      client_id: second.client_id,
      grant_type: 'authorization_code',
      code: second.code,
      code_verifier: pkce().verifier,
    }).toString(),
  });
  assert.equal(wrongVerifier.json().error, 'invalid_grant');
});

test('a token for another resource is never issued, and another site cannot approve for the reader', async (t) => {
  const app = await gate(t, READER);
  // A client a reader approved before: its errors go back to it (an unapproved one's stay on the portal).
  const { client_id } = await approvedClient(app);
  const query = new URLSearchParams({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT,
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    resource: 'https://other.example/mcp',
  });
  const res = await app.inject(`/oauth/authorize?${query}`);
  assert.equal(res.statusCode, 302);
  assert.equal(new URL(String(res.headers.location)).searchParams.get('error'), 'invalid_target');

  query.set('resource', `${ORIGIN}/mcp`);
  const id = new URL(String((await app.inject(`/oauth/authorize?${query}`)).headers.location), ORIGIN).searchParams.get(
    'request',
  );
  const crossSite = await app.inject({
    method: 'POST',
    url: `/api/mcp/authorizations/${id}`,
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    payload: { decision: 'approve' },
  });
  assert.equal(crossSite.statusCode, 403);
  assert.equal(crossSite.json().error, 'GATE_ERR_CROSS_SITE');
});

test('registration refuses redirect addresses that are neither https nor loopback, and unknown clients', async (t) => {
  const app = await gate(t, READER);
  const bad = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    payload: { client_name: 'x', redirect_uris: ['http://evil.example/cb'], token_endpoint_auth_method: 'none' },
  });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().error, 'invalid_client_metadata');
  const unknown = await app.inject('/oauth/authorize?client_id=nobody&response_type=code');
  assert.equal(unknown.statusCode, 401);
  assert.equal(unknown.json().error, 'invalid_client');
  assert.equal(unknown.headers.location, undefined, 'no redirect before the client is known');
});

test('a confidential client must present its secret at the token endpoint', async (t) => {
  const app = await gate(t, READER);
  const client = await register(app, { token_endpoint_auth_method: 'client_secret_post' });
  assert.ok(client.client_secret);
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: client.client_id,
      client_secret: 'wrong',
      grant_type: 'refresh_token',
      refresh_token: 'x',
    }).toString(),
  });
  assert.equal(res.statusCode, 401);
  assert.equal(res.json().error, 'invalid_client');
});

test('bad input to /mcp gets a clear error and no stack trace: malformed JSON, oversized body, unknown tool, long URL', async (t) => {
  const app = await gate(t, READER);
  const { access_token } = await authorize(app);
  const headers = {
    authorization: `Bearer ${access_token}`,
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
  };
  const malformed = await app.inject({ method: 'POST', url: '/mcp', headers, payload: '{"jsonrpc": "2.0", "id": 1,' });
  assert.equal(malformed.statusCode, 400);
  assert.equal(malformed.json().error, 'GATE_ERR_BAD_JSON');

  const huge = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers,
    payload: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_docs', arguments: { query: 'x'.repeat(100_000) } },
    }),
  });
  assert.equal(huge.statusCode, 413);

  const unknown = (await callTool(app, access_token, 'delete_everything', {})).json();
  assert.match(JSON.stringify(unknown), /not found|Unknown tool/i);
  assert.doesNotMatch(JSON.stringify(unknown), /at .*\.ts:\d+/);

  const long = (await callTool(app, access_token, 'read_page', { url: `/${'a'.repeat(5000)}` })).json();
  assert.match(JSON.stringify(long), /too_big|at most|2048/i);
  assert.doesNotMatch(JSON.stringify(long), /at .*\.ts:\d+/);

  const get = await app.inject({ method: 'GET', url: '/mcp', headers });
  assert.equal(get.statusCode, 405);
  assert.equal(get.headers.allow, 'POST');
});

test('get_api_operation serves an operation page by API and operationId, with the page level check', async (t) => {
  const operations = [
    { api: 'studio', operationId: 'publishSolution', method: 'POST', path: '/p', route: '/studio/build/' },
    { api: 'manager', operationId: 'getDocumentationSettings', method: 'GET', path: '/d', route: '/on-prem/overview/' },
  ];
  const files = { '.api-operations.json': JSON.stringify(operations) };
  const reader = await buildGate(t, { identity: READER, env: ENV, files });
  const { access_token } = await authorize(reader);
  const tools = (await rpc(reader, access_token, 'tools/list'))
    .json()
    .result.tools.map((tool: { name: string }) => tool.name);
  assert.ok(tools.includes('get_api_operation'));
  const found = (
    await callTool(reader, access_token, 'get_api_operation', { api: 'studio', operationId: 'PUBLISHSOLUTION' })
  ).json().result;
  assert.equal(found.content[0].text, '# Build a solution\n');
  const onprem = (
    await callTool(reader, access_token, 'get_api_operation', {
      api: 'manager',
      operationId: 'getDocumentationSettings',
    })
  ).json().result;
  assert.equal(onprem.isError, true);
  assert.doesNotMatch(JSON.stringify(onprem), /ONPREM-SECRET/);
  const unknown = (
    await callTool(reader, access_token, 'get_api_operation', { api: 'studio', operationId: 'nope' })
  ).json().result;
  assert.equal(unknown.isError, true);

  const admin = await buildGate(t, { identity: ONPREM_ADMIN, env: ENV, files });
  const adminToken = (await authorize(admin)).access_token;
  const granted = (
    await callTool(admin, adminToken, 'get_api_operation', { api: 'manager', operationId: 'getDocumentationSettings' })
  ).json().result;
  assert.match(granted.content[0].text, /ONPREM-SECRET/);
});
