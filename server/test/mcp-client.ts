/**
 * An MCP assistant's side of the OAuth flow, over inject: what server tests use to get tokens
 * (mcp.test.ts, leak-crawl.test.ts). The consent is answered as the gate's injected identity.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const ORIGIN = 'http://localhost:3000';
export const REDIRECT = 'http://127.0.0.1:53682/callback';
export const SECRET = 'mcp-test-secret-0123456789abcdef0123456789';
export const ENV = { PUBLIC_URL: ORIGIN, SESSION_SECRETS: SECRET };
const SAME_ORIGIN = { origin: ORIGIN, 'sec-fetch-site': 'same-origin' };

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export async function register(app: FastifyInstance, extra: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/register',
    payload: {
      client_name: 'Test assistant',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...extra,
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { client_id: string; client_secret?: string };
}

/** Registration, authorization, consent and code exchange: the tokens an assistant ends up with. */
export async function authorize(app: FastifyInstance, options: { resource?: string } = {}) {
  const { client_id } = await register(app);
  const { verifier, challenge } = pkce();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    resource: options.resource ?? `${ORIGIN}/mcp`,
  });
  const start = await app.inject(`/oauth/authorize?${query}`);
  assert.equal(start.statusCode, 302, start.body);
  const consent = new URL(String(start.headers.location), ORIGIN);
  assert.equal(consent.pathname, '/mcp/consent/');
  const id = consent.searchParams.get('request') as string;
  const about = await app.inject(`/api/mcp/authorizations/${id}`);
  assert.equal(about.statusCode, 200);
  assert.equal(about.json().client, 'Test assistant');
  const approved = await app.inject({
    method: 'POST',
    url: `/api/mcp/authorizations/${id}`,
    headers: SAME_ORIGIN,
    payload: { decision: 'approve' },
  });
  assert.equal(approved.statusCode, 200, approved.body);
  const back = new URL(approved.json().redirect);
  assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
  assert.equal(back.searchParams.get('state'), 'st-1');
  const code = back.searchParams.get('code') as string;
  const token = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: `${ORIGIN}/mcp`,
    }).toString(),
  });
  assert.equal(token.statusCode, 200, token.body);
  return { client_id, code, verifier, ...(token.json() as { access_token: string; refresh_token: string }) };
}

/** One JSON-RPC call to /mcp (stateless: each request stands alone). */
export async function rpc(
  app: FastifyInstance,
  token: string | null,
  method: string,
  params: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: { jsonrpc: '2.0', id: 1, method, params },
  });
}

export const callTool = (app: FastifyInstance, token: string, name: string, args: Record<string, unknown>) =>
  rpc(app, token, 'tools/call', { name, arguments: args });

/**
 * One call in MCP 2026-07-28: no handshake, the version and capabilities in `_meta`, the method
 * and name in headers as well (what `@modelcontextprotocol/client` 2.x sends).
 */
export async function rpc2026(
  app: FastifyInstance,
  token: string | null,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const name = typeof params.name === 'string' ? { 'mcp-name': params.name } : {};
  return app.inject({
    method: 'POST',
    url: '/mcp',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...name,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    payload: {
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'test-assistant', version: '1.0.0' },
        },
      },
    },
  });
}

export const callTool2026 = (app: FastifyInstance, token: string, name: string, args: Record<string, unknown>) =>
  rpc2026(app, token, 'tools/call', { name, arguments: args });

/** The query of an authorization request by `client_id` (PKCE, state, the MCP resource); `extra` overrides. */
export function authorizationQuery(client_id: string, challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: 'code',
    client_id,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    resource: `${ORIGIN}/mcp`,
    ...extra,
  });
}

/** The reader answers a started authorization on the consent page: where the browser is sent next. */
export async function answerConsent(app: FastifyInstance, start: string, decision: 'approve' | 'deny') {
  const consent = await app.inject(start);
  assert.equal(consent.statusCode, 302, consent.body);
  const id = new URL(String(consent.headers.location), ORIGIN).searchParams.get('request') as string;
  const answered = await app.inject({
    method: 'POST',
    url: `/api/mcp/authorizations/${id}`,
    headers: SAME_ORIGIN,
    payload: { decision },
  });
  assert.equal(answered.statusCode, 200, answered.body);
  return new URL(answered.json().redirect);
}

/** A client the reader has approved once (its code is left unused), with a fresh PKCE pair. */
export async function approvedClient(app: FastifyInstance, extra: Record<string, unknown> = {}) {
  const client = await register(app, extra);
  const { verifier, challenge } = pkce();
  const back = await answerConsent(
    app,
    `/oauth/authorize?${authorizationQuery(client.client_id, challenge)}`,
    'approve',
  );
  return { ...client, verifier, back };
}

/** A POST of `fields` to the token endpoint as a form. */
export const tokenRequest = (app: FastifyInstance, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
