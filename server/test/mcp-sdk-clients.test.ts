/**
 * The MCP server against the SDK's own clients, over real HTTP:
 * - a 2026 client (`@modelcontextprotocol/client` 2.x, pinned to 2026-07-28) that names itself by a
 *   client metadata document, served over https on loopback (the gate runs in development, where
 *   loopback documents are allowed, and trusts the test's certificate through NODE_EXTRA_CA_CERTS);
 * - a 2025 client (`@modelcontextprotocol/sdk` 1.x) that registers dynamically.
 * Each signs a reader in, is approved on the consent page, reads a page and is refused an on-prem one.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import {
  Client,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { Client as Client2025 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Transport2025 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePorts, Processes, waitUntil } from '../../deploy/test/processes.ts';
import { signIn } from '../../deploy/test/sign-in.ts';
import { clientDocument, startDocumentServer } from './client-document-server.ts';
import { makeBuildDir } from './helper.ts';

const root = path.resolve(import.meta.dirname, '../..');
const REDIRECT = 'http://127.0.0.1:53682/callback';

/** An assistant's OAuth state in memory; `clientMetadataUrl` makes it a 2026 (CIMD) client. */
class Assistant implements OAuthClientProvider {
  client?: Parameters<NonNullable<OAuthClientProvider['saveClientInformation']>>[0];
  saved?: Parameters<OAuthClientProvider['saveTokens']>[0];
  discovery?: OAuthDiscoveryState;
  verifier = '';
  authorizationUrl: URL | null = null;
  readonly clientMetadataUrl: string | undefined;
  constructor(clientMetadataUrl?: string) {
    this.clientMetadataUrl = clientMetadataUrl;
  }
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: 'Docs Assistant 2025',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: NonNullable<Assistant['client']>) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: NonNullable<Assistant['saved']>) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/** The reader's browser: the authorization URL with the session, then the consent page's answer. */
async function approveInBrowser(origin: string, cookie: string, authorizationUrl: URL) {
  const start = await fetch(authorizationUrl, { redirect: 'manual', headers: { cookie } });
  assert.equal(start.status, 302, await start.text());
  const consent = new URL(String(start.headers.get('location')), origin);
  assert.equal(consent.pathname, '/mcp/consent/');
  const id = consent.searchParams.get('request') as string;
  const about = await fetch(`${origin}/api/mcp/authorizations/${id}`, { headers: { cookie } });
  const request = (await about.json()) as { client: string; clientDocument: string | null };
  const answer = await fetch(`${origin}/api/mcp/authorizations/${id}`, {
    method: 'POST',
    headers: { cookie, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approve' }),
  });
  assert.equal(answer.status, 200);
  const back = new URL(((await answer.json()) as { redirect: string }).redirect);
  return { back, shown: request };
}

const text = (result: unknown) =>
  ((result as { content: { type: string; text?: string }[] }).content[0]?.text ?? '') as string;

test('MCP26-SDK a 2026 client registered by its metadata document and a 2025 client registered dynamically both read as the reader', async (t) => {
  const documents = await startDocumentServer(t);
  const documentUrl = `${documents.origin}/assistant.json`;
  documents.serve('/assistant.json', {
    body: clientDocument(documentUrl),
    headers: { 'cache-control': 'max-age=300' },
  });
  const buildDir = makeBuildDir(t);
  const processes = new Processes(root);
  t.after(() => processes.stopAll());
  const ports = await freePorts(['gate', 'idp']);
  const origin = `http://127.0.0.1:${ports.gate}`;
  processes.start('gate', process.execPath, ['server/src/server.ts'], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PORT: String(ports.gate),
    HOST: '127.0.0.1',
    BUILD_DIR: buildDir,
    PUBLIC_URL: origin,
    DEV_IDP_PORT: String(ports.idp),
    ENVIRONMENT: 'development',
    SESSION_SECRETS: 'mcp-sdk-clients-secret-0123456789abcdef0123',
    SEARCH_WORKERS: '0',
    // Load shedding answered 503 to sign-in on this busy machine, right after start-up; it has its
    // own tests (operations.test.ts).
    SHED_EVENT_LOOP_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
    NODE_EXTRA_CA_CERTS: documents.caFile,
  });
  await waitUntil('gate', async () => (await fetch(`${origin}/healthz`).catch(() => null))?.ok === true, {
    processes,
    name: 'gate',
    timeoutMs: 30_000,
  });
  const cookie = await signIn({ via: origin, publicUrl: origin, username: 'reader@tala.example' });
  const mcpUrl = new URL('/mcp', origin);

  await t.test('2026-07-28: CIMD, iss, the stateless protocol', async () => {
    const assistant = new Assistant(documentUrl);
    const first = new Client(
      { name: 'docs-assistant', version: '2026.1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await assert.rejects(
      first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: assistant })),
      UnauthorizedError,
    );
    assert.equal(assistant.client?.client_id, documentUrl, 'the document URL is the client id: no registration');
    const { back, shown } = await approveInBrowser(origin, cookie, assistant.authorizationUrl as URL);
    assert.equal(back.searchParams.get('iss'), origin, 'RFC 9207');
    assert.deepEqual(shown, { ...shown, client: 'Docs Assistant 2026', clientDocument: documentUrl });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: assistant });
    await transport.finishAuth(back.searchParams);
    const client = new Client(
      { name: 'docs-assistant', version: '2026.1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(transport);
    const tools = await client.listTools();
    assert.ok(tools.tools.some((tool) => tool.name === 'read_page'));
    assert.equal(
      text(await client.callTool({ name: 'read_page', arguments: { url: '/studio/build/' } })),
      '# Build a solution\n',
    );
    const onprem = await client.callTool({ name: 'read_page', arguments: { url: '/on-prem/overview/' } });
    assert.equal(onprem.isError, true);
    assert.doesNotMatch(JSON.stringify(onprem), /ONPREM-SECRET/);
    await client.close();
    assert.equal(documents.hits.get('/assistant.json'), 1, 'the document was fetched once and cached');
  });

  await t.test('2025-11-25: dynamic registration, initialize, JSON answers', async () => {
    const assistant = new Assistant();
    const first = new Client2025({ name: 'older-assistant', version: '1.0.0' });
    await assert.rejects(
      first.connect(new Transport2025(mcpUrl, { authProvider: assistant as never })),
      /Unauthorized/,
    );
    const clientId = assistant.client?.client_id as string;
    assert.ok(clientId && !clientId.startsWith('https://'), 'registered dynamically');
    const { back, shown } = await approveInBrowser(origin, cookie, assistant.authorizationUrl as URL);
    assert.deepEqual(shown, { ...shown, client: 'Docs Assistant 2025', clientDocument: null });
    const transport = new Transport2025(mcpUrl, { authProvider: assistant as never });
    await transport.finishAuth(back.searchParams.get('code') as string);
    const client = new Client2025({ name: 'older-assistant', version: '1.0.0' });
    await client.connect(transport);
    assert.equal(
      text(await client.callTool({ name: 'read_page', arguments: { url: '/studio/build/' } })),
      '# Build a solution\n',
    );
    const onprem = await client.callTool({ name: 'read_page', arguments: { url: '/on-prem/overview/' } });
    assert.equal(onprem.isError, true);
    await client.close();
  });
});
