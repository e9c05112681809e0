/**
 * MCP 2026-07-28 on /mcp: the stateless protocol beside the 2025 one, the Mcp-Method and
 * Mcp-Name headers checked against the body, and budgets per reader and method.
 */
import assert from 'node:assert/strict';
import https from 'node:https';
import { type TestContext, test } from 'node:test';
import { acceptableRedirectUri, redirectUriMatches } from '../src/mcp/redirect-uris.ts';
import { clientDocument, startDocumentServer } from './client-document-server.ts';
import { buildGate, READER } from './helper.ts';
import { authorizationQuery, authorize, callTool, callTool2026, ENV, pkce, rpc, rpc2026 } from './mcp-client.ts';

const gate = (t: TestContext, env: Record<string, string> = {}) =>
  buildGate(t, { identity: READER, env: { ...ENV, ...env } });

test('MCP26-01 a 2026 request needs no handshake and answers JSON; a 2025 request on the same endpoint still works', async (t) => {
  const app = await gate(t);
  const { access_token } = await authorize(app);
  const modern = await callTool2026(app, access_token, 'read_page', { url: '/studio/build/' });
  assert.equal(modern.statusCode, 200, modern.body);
  assert.match(String(modern.headers['content-type']), /application\/json/);
  assert.equal(modern.headers['cache-control'], 'private, no-store');
  assert.equal(modern.json().result.content[0].text, '# Build a solution\n');
  assert.equal(modern.json().result.resultType, 'complete');
  const old = await callTool(app, access_token, 'read_page', { url: '/studio/build/' });
  assert.equal(old.statusCode, 200);
  assert.equal(old.json().result.content[0].text, '# Build a solution\n');
  assert.equal(old.json().result.resultType, undefined, 'answered in the 2025 shape');
});

test('MCP26-02 the Mcp-Method and Mcp-Name headers must say what the body says', async (t) => {
  const app = await gate(t);
  const { access_token } = await authorize(app);
  const wrongName = await rpc2026(
    app,
    access_token,
    'tools/call',
    { name: 'read_page', arguments: { url: '/on-prem/overview/' } },
    { 'mcp-name': 'search_docs' },
  );
  assert.equal(wrongName.statusCode, 400);
  assert.doesNotMatch(wrongName.body, /ONPREM-SECRET/);
  const wrongMethod = await rpc2026(app, access_token, 'tools/list', {}, { 'mcp-method': 'tools/call' });
  assert.equal(wrongMethod.statusCode, 400);
  const batch = await app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      authorization: `Bearer ${access_token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
    },
    payload: [1, 2].map((id) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    })),
  });
  assert.equal(batch.statusCode, 400);
  assert.equal(batch.json().error.code, -32600, 'no batches in either era');
});

test('MCP26-03 each reader has a budget per method as well: listing runs out before reading does', async (t) => {
  const app = await gate(t, { MCP_CALLS_PER_MINUTE: '8' });
  const { access_token } = await authorize(app);
  const lists = [];
  for (let i = 0; i < 3; i++) lists.push((await rpc2026(app, access_token, 'tools/list')).statusCode);
  assert.deepEqual(lists, [200, 200, 429], 'tools/list: a quarter of the calls budget');
  assert.equal((await rpc(app, access_token, 'tools/list')).statusCode, 429, 'whichever protocol era asks');
  assert.equal((await callTool2026(app, access_token, 'read_page', { url: '/studio/build/' })).statusCode, 200);
});

test('MCP26-04 a client metadata document is the client: its redirect_uris are enforced, a broken one is invalid_client', async (t) => {
  const documents = await startDocumentServer(t);
  // The gate in this process fetches through the default https agent: trust the test's certificate.
  const defaultAgent = https.globalAgent;
  https.globalAgent = documents.agent;
  t.after(() => {
    https.globalAgent = defaultAgent;
  });
  const good = `${documents.origin}/assistant.json`;
  const broken = `${documents.origin}/broken.json`;
  documents.serve('/assistant.json', { body: clientDocument(good) });
  documents.serve('/broken.json', { body: clientDocument('https://someone-else.example/client.json') });
  const app = await gate(t);
  const { challenge } = pkce();
  const elsewhere = await app.inject(
    `/oauth/authorize?${authorizationQuery(good, challenge, { redirect_uri: 'https://evil.example/cb' })}`,
  );
  assert.equal(elsewhere.statusCode, 400);
  assert.equal(elsewhere.json().error, 'invalid_request');
  assert.equal(elsewhere.headers.location, undefined, 'no redirect to an address the document does not list');
  const unusable = await app.inject(`/oauth/authorize?${authorizationQuery(broken, challenge)}`);
  assert.equal(unusable.statusCode, 401);
  assert.equal(unusable.json().error, 'invalid_client');
  assert.match(unusable.json().error_description, /must be its own URL/);
  const listed = await app.inject(`/oauth/authorize?${authorizationQuery(good, challenge)}`);
  assert.equal(listed.statusCode, 302);
  assert.match(String(listed.headers.location), /^\/mcp\/consent\/\?request=/);
  const token = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: broken, grant_type: 'refresh_token', refresh_token: 'x' }).toString(),
  });
  assert.equal(token.statusCode, 401, 'the token endpoint knows the client by its document too');
  const metadata = (await app.inject('/.well-known/oauth-authorization-server')).json();
  assert.equal(metadata.client_id_metadata_document_supported, true);
  assert.equal(metadata.authorization_response_iss_parameter_supported, true);
});

test('MCP26-05 redirect URIs: https or loopback http, no fragment; a loopback one matches on any port only', () => {
  assert.equal(acceptableRedirectUri('https://assistant.example/cb'), true);
  assert.equal(acceptableRedirectUri('http://127.0.0.1:8080/cb'), true);
  assert.equal(acceptableRedirectUri('http://assistant.example/cb'), false);
  assert.equal(acceptableRedirectUri('https://assistant.example/cb#'), false);
  assert.equal(acceptableRedirectUri('javascript:alert(1)'), false);
  assert.equal(redirectUriMatches('http://127.0.0.1:9999/cb', 'http://127.0.0.1:53682/cb'), true);
  assert.equal(redirectUriMatches('http://localhost:9999/cb', 'http://127.0.0.1:53682/cb'), false);
  assert.equal(redirectUriMatches('http://127.0.0.1:9999/other', 'http://127.0.0.1:53682/cb'), false);
  assert.equal(redirectUriMatches('https://assistant.example:444/cb', 'https://assistant.example/cb'), false);
  assert.equal(redirectUriMatches('https://assistant.example/cb', 'https://assistant.example/cb'), true);
});
