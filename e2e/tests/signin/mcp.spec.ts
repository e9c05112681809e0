import { type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { PORTS } from '../servers';
import { signInAs } from './helpers';

/**
 * The MCP server with the SDK's own client: discovery from the 401, dynamic client
 * registration, the reader's sign-in and consent in the browser, the code exchange with PKCE, then
 * tools as that reader. The redirect address is a loopback port nothing listens on: the browser's
 * request to it is intercepted, as a native assistant would receive it.
 */
const BASE = `http://127.0.0.1:${PORTS.signin}`;
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';

/** An assistant's OAuth state, in memory (Claude Code or Cursor keep it on disk). */
class AssistantProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl: URL | null = null;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Playwright assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.client = client;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
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
}

const transportFor = (provider: AssistantProvider) =>
  new StreamableHTTPClientTransport(new URL('/mcp', BASE), { authProvider: provider });

/** Connects an assistant as the reader who signs in on `page`: the whole first-connection journey. */
async function connectAs(
  page: Page,
  reader: 'Riley Reader' | 'Olu Admin',
): Promise<{ client: Client; provider: AssistantProvider }> {
  const provider = new AssistantProvider();
  const first = new Client({ name: 'playwright-assistant', version: '1.0.0' });
  await expect(first.connect(transportFor(provider))).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.client?.client_id, 'registered dynamically').toBeTruthy();
  const authorizationUrl = provider.authorizationUrl as URL;
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('resource')).toBe(`${BASE}/mcp`);

  let code: string | null = null;
  await page.route(`${REDIRECT}**`, (route) => {
    code = new URL(route.request().url()).searchParams.get('code');
    return route.fulfill({ contentType: 'text/plain', body: 'Connected.' });
  });
  await page.goto(authorizationUrl.href);
  await signInAs(page, reader);
  await expect(page.getByRole('heading', { name: 'Connect an assistant to Tala Docs' })).toBeVisible();
  await expect(page.getByText('Playwright assistant')).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect.poll(() => code).not.toBeNull();

  const transport = transportFor(provider);
  await transport.finishAuth(code as unknown as string);
  const client = new Client({ name: 'playwright-assistant', version: '1.0.0' });
  await client.connect(transportFor(provider));
  return { client, provider };
}

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean; structuredContent?: unknown };

test('ROLE-05 an assistant connected by a reader searches and reads, and never gets on-prem content', async ({
  page,
}) => {
  const { client } = await connectAs(page, 'Riley Reader');
  const tools = await client.listTools();
  expect(tools.tools.map((t) => t.name).sort()).toEqual([
    'get_api_operation',
    'list_sections',
    'read_page',
    'search_docs',
  ]);
  const operation = (await client.callTool({
    name: 'get_api_operation',
    arguments: { api: 'studio', operationId: 'publishSolutionToEnvironment' },
  })) as ToolResult;
  expect(operation.content[0]?.text).toContain(
    '`POST /solutions/{solutionId}/publish-environments/{environment}/publish`',
  );
  const managerOperation = (await client.callTool({
    name: 'get_api_operation',
    arguments: { api: 'manager', operationId: 'documentationGetSettings' },
  })) as ToolResult;
  expect(managerOperation.isError).toBe(true);
  expect(managerOperation.content[0]?.text).toContain('Documentation.Onprem');

  const found = (await client.callTool({
    name: 'search_docs',
    arguments: { query: 'publish environment', limit: 5 },
  })) as ToolResult;
  const { results } = found.structuredContent as { results: { url: string; title: string }[] };
  expect(results.length).toBeGreaterThan(0);
  expect(results.some((r) => r.url.includes('/studio/deploy/'))).toBe(true);
  // Text, not the endpoint's HTML-escaped snippets.
  const snippets = (found.structuredContent as { results: { snippet: string }[] }).results.map((r) => r.snippet);
  expect(snippets.join(' ')).not.toMatch(/&(amp|lt|gt|quot|#39);/);

  const manager = (await client.callTool({
    name: 'search_docs',
    arguments: { query: 'Tala Manager installation', limit: 20 },
  })) as ToolResult;
  const managerUrls = (manager.structuredContent as { results: { url: string }[] }).results.map((r) => r.url);
  expect(managerUrls.filter((url) => url.includes('/on-prem/'))).toEqual([]);

  const page1 = (await client.callTool({
    name: 'read_page',
    arguments: { url: `${BASE}/studio/deploy/` },
  })) as ToolResult;
  expect(page1.content[0]?.text).toMatch(/^# Deploy a solution\n/);

  const onprem = (await client.callTool({ name: 'read_page', arguments: { url: '/on-prem/overview/' } })) as ToolResult;
  expect(onprem.isError).toBe(true);
  expect(onprem.content[0]?.text).toContain('Documentation.Onprem');

  const contents = (await client.callTool({ name: 'list_sections', arguments: {} })) as ToolResult;
  expect(contents.content[0]?.text).toContain('## Tala Studio');
  expect(contents.content[0]?.text).not.toContain('/on-prem/');
  await client.close();
});

test('ROLE-03 an assistant connected by an on-prem admin reads the on-prem section', async ({ page }) => {
  const { client } = await connectAs(page, 'Olu Admin');
  const onprem = (await client.callTool({ name: 'read_page', arguments: { url: '/on-prem/overview/' } })) as ToolResult;
  expect(onprem.isError).toBeUndefined();
  expect(onprem.content[0]?.text).toMatch(/^# On-premises overview/);
  const manager = (await client.callTool({
    name: 'search_docs',
    arguments: { query: 'Tala Manager installation', limit: 20 },
  })) as ToolResult;
  const urls = (manager.structuredContent as { results: { url: string }[] }).results.map((r) => r.url);
  expect(urls.some((url) => url.includes('/on-prem/'))).toBe(true);
  await client.close();
});

test('logging out of the portal disconnects the assistant: its tokens stop working', async ({ page }) => {
  const { client, provider } = await connectAs(page, 'Riley Reader');
  expect((await client.listTools()).tools.length).toBe(4);
  const tokens = provider.saved as OAuthTokens;
  const logout = await page.request.post('/auth/logout', { headers: { origin: BASE }, maxRedirects: 0 });
  expect(logout.status()).toBe(303);

  // Neither the access token nor the refresh token of that session opens anything any more (both
  // checked before the client tries, so the refresh token is refused, not merely spent).
  const call = await fetch(`${BASE}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${tokens.access_token}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(call.status).toBe(401);
  expect(call.headers.get('www-authenticate')).toContain('error="invalid_token"');
  const refresh = await fetch(`${BASE}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token as string,
      client_id: provider.client?.client_id as string,
    }),
  });
  expect(refresh.status).toBe(400);
  expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  await expect(client.listTools()).rejects.toThrow();
});
