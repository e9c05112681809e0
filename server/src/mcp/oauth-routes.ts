/**
 * The OAuth 2.1 endpoints of the MCP authorization server, as the MCP authorization specification
 * (2026-07-28) asks: authorization server metadata (RFC 8414), protected resource metadata
 * (RFC 9728), client metadata documents as client ids (client-metadata.ts), dynamic client
 * registration (RFC 7591; deprecated by 2026-07-28, kept for 2025-era clients), authorization code
 * with PKCE (S256 only), `iss` in authorization responses (RFC 9207), refresh, revocation
 * (RFC 7009) and resource indicators (RFC 8707).
 *
 * Fastify routes with the SDK's schemas and error type: SDK 2 ships no authorization server, and
 * SDK 1's router was Express, which inside the gate would run outside the portal's rate limits
 * (keyed per reader, shared through Redis), error catalogue, logs and metrics.
 */
import { randomBytes } from 'node:crypto';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { OAuthClientMetadataSchema } from '@modelcontextprotocol/core';
import type { OAuthClientInformationFull, OAuthClientMetadata } from '@modelcontextprotocol/server';
import { MCP_ROUTES } from '@tala/policy';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyChallenge } from 'pkce-challenge';
import { badRequest } from '../errors.ts';
import type { KnownClient, McpAuthorization } from './authorization.ts';
import {
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  OAuthError,
  RefreshTokenReusedError,
  ServerError,
  statusOf,
  UnsupportedGrantTypeError,
  UnsupportedResponseTypeError,
} from './oauth-errors.ts';
import { acceptableRedirectUri, redirectUriMatches } from './redirect-uris.ts';
import type { McpSettings } from './settings.ts';

type Form = Record<string, string | undefined>;

/**
 * What a registration may hold: room for any real client, and no field the store keeps unbounded
 * (a registration costs nothing, so it must cost little to keep).
 */
const REGISTRATION_BYTES = 8 * 1024;
const TEXT_LIMITS: Record<string, number> = {
  client_name: 200,
  scope: 1000,
  token_endpoint_auth_method: 100,
  software_id: 200,
  software_version: 200,
  software_statement: 4000,
  client_uri: 2000,
  logo_uri: 2000,
  tos_uri: 2000,
  policy_uri: 2000,
  jwks_uri: 2000,
};
const LIST_LIMITS: Record<string, { count: number; length: number }> = {
  redirect_uris: { count: 10, length: 2000 },
  contacts: { count: 5, length: 320 },
  grant_types: { count: 10, length: 100 },
  response_types: { count: 10, length: 100 },
};

function checkBounds(client: OAuthClientMetadata): void {
  const fields = client as Record<string, unknown>;
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const value = fields[field];
    if (typeof value === 'string' && value.length > max) {
      throw new InvalidClientMetadataError(`${field} is longer than ${max} characters`);
    }
  }
  for (const [field, { count, length }] of Object.entries(LIST_LIMITS)) {
    const value = fields[field];
    if (!Array.isArray(value)) continue;
    if (value.length > count) throw new InvalidClientMetadataError(`${field} has more than ${count} entries`);
    if (value.some((entry) => String(entry).length > length)) {
      throw new InvalidClientMetadataError(`an entry of ${field} is longer than ${length} characters`);
    }
  }
  if (client.redirect_uris.length === 0) throw new InvalidClientMetadataError('redirect_uris needs an address');
}

/** An RFC 8707 resource parameter: an absolute URI, or invalid_request (not an internal TypeError). */
function resourceOf(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  if (!URL.canParse(value)) throw new InvalidRequestError('resource must be an absolute URI');
  return new URL(value);
}

function toOAuthError(error: unknown, request: FastifyRequest): OAuthError {
  if (error instanceof OAuthError) return error;
  request.log.error({ err: error }, 'oauth endpoint failed');
  return new ServerError('Internal Server Error');
}

function sendOAuthError(reply: FastifyReply, error: unknown, request: FastifyRequest): FastifyReply {
  const oauth = toOAuthError(error, request);
  return reply.code(statusOf(oauth)).header('cache-control', 'no-store').send(oauth.toResponseObject());
}

/** OAuth bodies are `application/x-www-form-urlencoded`: single strings (the parser refuses repeats). */
function formOf(body: unknown): Form {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object') throw new InvalidRequestError('The body must be a form');
  for (const [name, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw new InvalidRequestError(`${name.slice(0, 64)} must be a single value`);
  }
  return body as Form;
}

/** Query parameters given once; a repeated one makes the request invalid (RFC 6749 §3.1), so it is set apart. */
function singleValues(query: Record<string, string | string[] | undefined>): { params: Form; repeated: string[] } {
  const params: Form = {};
  const repeated: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) repeated.push(name.slice(0, 64));
    else params[name] = value;
  }
  return { params, repeated };
}

const OAUTH_BUDGET = { rateLimit: { max: 60, timeWindow: 60_000 } };
/** Per address: an assistant registers once per install, a script flooding the store would not stop there. */
const REGISTRATION_BUDGET = { rateLimit: { max: 20, timeWindow: 3_600_000 } };

export async function oauthRoutes(
  fastify: FastifyInstance,
  opts: { settings: McpSettings; authorization: McpAuthorization },
): Promise<void> {
  const { settings, authorization } = opts;

  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const form: Form = {};
    for (const [name, value] of new URLSearchParams(String(body))) {
      if (name in form) return done(badRequest(`${name} is given twice`), undefined);
      form[name] = value;
    }
    done(null, form);
  });

  const metadata = {
    issuer: settings.issuer,
    authorization_endpoint: settings.endpoint(MCP_ROUTES.authorize),
    token_endpoint: settings.endpoint(MCP_ROUTES.token),
    registration_endpoint: settings.endpoint(MCP_ROUTES.register),
    revocation_endpoint: settings.endpoint(MCP_ROUTES.revoke),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    // RFC 9207: every authorization response names its issuer (mix-up attacks).
    authorization_response_iss_parameter_supported: true,
    // MCP 2026-07-28: an https client_id names the client's own metadata document (client-metadata.ts).
    client_id_metadata_document_supported: true,
    service_documentation: settings.endpoint('/'),
  };
  fastify.get(MCP_ROUTES.authorizationServerMetadata, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send(metadata),
  );
  fastify.get(MCP_ROUTES.protectedResourceMetadata, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send({
      resource: settings.resource,
      authorization_servers: [settings.issuer],
      bearer_methods_supported: ['header'],
      resource_name: 'Tala Docs',
      resource_documentation: settings.endpoint('/'),
    }),
  );

  fastify.post(
    MCP_ROUTES.register,
    {
      bodyLimit: REGISTRATION_BYTES,
      config: REGISTRATION_BUDGET,
      // A body over the bound is answered as RFC 7591 asks; every other error goes on to the app's handler.
      errorHandler: (error: FastifyError, request, reply) => {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        const tooBig = new InvalidClientMetadataError(
          `The client metadata is larger than 8 KB (${REGISTRATION_BYTES} bytes)`,
        );
        return sendOAuthError(reply, tooBig, request);
      },
    },
    async (request, reply) => {
      try {
        const parsed = OAuthClientMetadataSchema.safeParse(request.body);
        if (!parsed.success) throw new InvalidClientMetadataError(parsed.error.message);
        const client = parsed.data;
        checkBounds(client);
        if (!client.redirect_uris.every(acceptableRedirectUri)) {
          throw new InvalidClientMetadataError(
            'redirect_uris must be https, or http on a loopback address, without a fragment',
          );
        }
        const isPublic = client.token_endpoint_auth_method === 'none';
        const issuedAt = Math.floor(Date.now() / 1000);
        const registered = await authorization.registerClient({
          ...client,
          ...(isPublic
            ? {}
            : {
                client_secret: randomBytes(32).toString('hex'),
                client_secret_expires_at: issuedAt + settings.clientTtl,
              }),
        });
        return reply.code(201).header('cache-control', 'no-store').send(registered);
      } catch (error) {
        return sendOAuthError(reply, error, request);
      }
    },
  );

  fastify.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    MCP_ROUTES.authorize,
    { config: OAUTH_BUDGET },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { params: query, repeated } = singleValues(request.query);
      // Until the client and its redirect URI are known, errors are answered here, never by a redirect.
      let redirectUri: string;
      let found: KnownClient;
      try {
        const twice = repeated.find((name) => name === 'client_id' || name === 'redirect_uri');
        if (twice) throw new InvalidRequestError(`${twice} is given more than once`);
        if (!query.client_id) throw new InvalidRequestError('client_id is required');
        const known = await authorization.findClient(query.client_id);
        if (!known) throw new InvalidClientError('Unknown client_id: register the client again');
        found = known;
        const registered = known.client.redirect_uris;
        if (query.redirect_uri !== undefined) {
          const requested = query.redirect_uri;
          // The loopback rule matches ports, not fragments: a fragment is refused outright.
          if (requested.includes('#') || !registered.some((uri) => redirectUriMatches(requested, uri))) {
            throw new InvalidRequestError('Unregistered redirect_uri');
          }
          redirectUri = requested;
        } else if (registered.length === 1) {
          redirectUri = registered[0] as string;
        } else {
          throw new InvalidRequestError('redirect_uri is required when the client registered several');
        }
      } catch (error) {
        return sendOAuthError(reply, error, request);
      }
      try {
        if (repeated.length > 0) throw new InvalidRequestError(`${repeated[0]} is given more than once`);
        if (!query.response_type) throw new InvalidRequestError('response_type is required');
        if (query.response_type !== 'code') throw new UnsupportedResponseTypeError('response_type must be code');
        if (!query.code_challenge || query.code_challenge_method !== 'S256') {
          throw new InvalidRequestError('PKCE is required: code_challenge with code_challenge_method S256');
        }
        const id = await authorization.startAuthorization(found, {
          redirectUri,
          codeChallenge: query.code_challenge,
          state: query.state,
          scopes: query.scope ? query.scope.split(' ') : [],
          resource: resourceOf(query.resource),
        });
        return reply.redirect(`${MCP_ROUTES.consent}?request=${encodeURIComponent(id)}`, 302);
      } catch (error) {
        // RFC 9700 §4.11.2: anyone may register a client with any redirect URI, so errors go there only
        // for a client a reader has approved; for any other the portal would be an open redirector.
        if (!found.approved) return sendOAuthError(reply, error, request);
        const oauth = toOAuthError(error, request);
        const url = new URL(redirectUri);
        url.searchParams.set('error', oauth.code);
        url.searchParams.set('error_description', oauth.message);
        if (query.state !== undefined) url.searchParams.set('state', query.state);
        url.searchParams.set('iss', settings.issuer);
        return reply.redirect(url.href, 302);
      }
    },
  );

  /** The client of a token or revocation request, authenticated (client_secret_post, or none) once per request. */
  const authenticated = new WeakMap<FastifyRequest, Promise<OAuthClientInformationFull>>();
  const authenticate = async (request: FastifyRequest) => {
    const form = formOf(request.body);
    if (!form.client_id) throw new InvalidClientError('client_id is required');
    const client = (await authorization.findClient(form.client_id))?.client;
    if (!client) throw new InvalidClientError('Unknown client_id');
    authorization.authenticateClient(client, form.client_secret);
    return client;
  };
  const clientOf = (request: FastifyRequest): Promise<OAuthClientInformationFull> => {
    let client = authenticated.get(request);
    if (!client) {
      client = authenticate(request);
      authenticated.set(request, client);
    }
    return client;
  };

  /**
   * A client that authenticates spends its own budget; a request that does not, its address's. So
   * junk from an address many share (NAT, a load balancer without TRUST_PROXY) cannot lock the
   * clients behind it out of refresh. After the body is parsed (preHandler), which names the client.
   */
  const CLIENT_BUDGET: { rateLimit: RateLimitOptions } = {
    rateLimit: {
      max: 60,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: async (request) => {
        try {
          return `client:${(await clientOf(request)).client_id}`;
        } catch {
          return `ip:${request.ip}`;
        }
      },
    },
  };

  fastify.post(MCP_ROUTES.token, { config: CLIENT_BUDGET }, async (request, reply) => {
    try {
      const form = formOf(request.body);
      const client = await clientOf(request);
      const resource = resourceOf(form.resource);
      if (form.grant_type === 'authorization_code') {
        if (!form.code || !form.code_verifier) throw new InvalidRequestError('code and code_verifier are required');
        const challenge = await authorization.challengeForAuthorizationCode(client, form.code);
        if (!(await verifyChallenge(form.code_verifier, challenge))) {
          throw new InvalidGrantError('code_verifier does not match the challenge');
        }
        const tokens = await authorization.exchangeAuthorizationCode(
          client,
          form.code,
          undefined,
          form.redirect_uri,
          resource,
        );
        return reply.header('cache-control', 'no-store').send(tokens);
      }
      if (form.grant_type === 'refresh_token') {
        if (!form.refresh_token) throw new InvalidRequestError('refresh_token is required');
        const tokens = await authorization.exchangeRefreshToken(client, form.refresh_token, undefined, resource);
        return reply.header('cache-control', 'no-store').send(tokens);
      }
      throw new UnsupportedGrantTypeError('grant_type must be authorization_code or refresh_token');
    } catch (error) {
      if (error instanceof RefreshTokenReusedError) {
        request.log.warn({ clientId: formOf(request.body).client_id }, 'refresh token reused: its grant is revoked');
      }
      return sendOAuthError(reply, error, request);
    }
  });

  fastify.post(MCP_ROUTES.revoke, { config: CLIENT_BUDGET }, async (request, reply) => {
    try {
      const form = formOf(request.body);
      const client = await clientOf(request);
      if (!form.token) throw new InvalidRequestError('token is required');
      await authorization.revokeToken(client, { token: form.token, token_type_hint: form.token_type_hint });
      return reply.header('cache-control', 'no-store').send({});
    } catch (error) {
      return sendOAuthError(reply, error, request);
    }
  });
}
