/**
 * The OAuth 2.1 endpoints of the MCP authorization server, as the MCP authorization specification
 * (2025-11-25, the SDK's revision) asks: authorization server metadata (RFC 8414), protected
 * resource metadata (RFC 9728), dynamic client registration (RFC 7591), authorization code with
 * PKCE (S256 only), refresh, revocation (RFC 7009) and resource indicators (RFC 8707).
 *
 * Written as Fastify routes with the SDK's schemas, errors and redirect-URI rule rather than by
 * mounting the SDK's `mcpAuthRouter`: that router is Express, and inside the gate it would run
 * outside the portal's rate limits (keyed per reader, shared through Redis), error catalogue,
 * logs and metrics; its own limiter counts per address, which behind a load balancer is one
 * address for everyone. The protocol decisions stay the SDK's (authorization.ts implements its
 * provider contract).
 */
import { randomBytes } from 'node:crypto';
import {
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  OAuthError,
  ServerError,
  UnsupportedGrantTypeError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { redirectUriMatches } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { OAuthClientMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_ROUTES } from '@tala/policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyChallenge } from 'pkce-challenge';
import { badRequest } from '../errors.ts';
import type { McpAuthorization } from './authorization.ts';
import type { McpSettings } from './settings.ts';

type Form = Record<string, string | undefined>;

/** Loopback hosts may use http (native apps, RFC 8252); anything else must be https (MCP spec). */
function acceptableRedirectUri(uri: string): boolean {
  try {
    const url = new URL(uri);
    if (url.hash) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

function sendOAuthError(reply: FastifyReply, error: unknown, request: FastifyRequest): FastifyReply {
  const oauth = error instanceof OAuthError ? error : new ServerError('Internal Server Error');
  if (!(error instanceof OAuthError)) request.log.error({ err: error }, 'oauth endpoint failed');
  const status = oauth instanceof ServerError ? 500 : oauth instanceof InvalidClientError ? 401 : 400;
  return reply.code(status).header('cache-control', 'no-store').send(oauth.toResponseObject());
}

/** OAuth bodies are `application/x-www-form-urlencoded`; single values only. */
function formOf(body: unknown): Form {
  if (body !== null && typeof body === 'object') return body as Form;
  return {};
}

const OAUTH_BUDGET = { rateLimit: { max: 60, timeWindow: 60_000 } };

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

  fastify.post(MCP_ROUTES.register, { config: OAUTH_BUDGET }, async (request, reply) => {
    try {
      const parsed = OAuthClientMetadataSchema.safeParse(request.body);
      if (!parsed.success) throw new InvalidClientMetadataError(parsed.error.message);
      const client = parsed.data;
      if (!client.redirect_uris.every(acceptableRedirectUri)) {
        throw new InvalidClientMetadataError('redirect_uris must be https, or http on a loopback address');
      }
      const isPublic = client.token_endpoint_auth_method === 'none';
      const issuedAt = Math.floor(Date.now() / 1000);
      const registered = await authorization.clientsStore.registerClient?.({
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
  });

  fastify.get<{ Querystring: Form }>(MCP_ROUTES.authorize, { config: OAUTH_BUDGET }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = request.query;
    // Until the client and its redirect URI are known, errors go to the browser, never to a redirect.
    let redirectUri: string;
    let client: Awaited<ReturnType<typeof authorization.clientsStore.getClient>>;
    try {
      if (!query.client_id) throw new InvalidRequestError('client_id is required');
      client = await authorization.clientsStore.getClient(query.client_id);
      if (!client) throw new InvalidClientError('Unknown client_id: register the client again');
      const registered = client.redirect_uris;
      if (query.redirect_uri !== undefined) {
        const requested = query.redirect_uri;
        if (!registered.some((uri) => redirectUriMatches(requested, uri))) {
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
      if (query.response_type !== 'code') throw new InvalidRequestError('response_type must be code');
      if (!query.code_challenge || query.code_challenge_method !== 'S256') {
        throw new InvalidRequestError('PKCE is required: code_challenge with code_challenge_method S256');
      }
      const id = await authorization.startAuthorization(client, {
        redirectUri,
        codeChallenge: query.code_challenge,
        state: query.state,
        scopes: query.scope ? query.scope.split(' ') : [],
        resource: query.resource ? new URL(query.resource) : undefined,
      });
      return reply.redirect(`${MCP_ROUTES.consent}?request=${encodeURIComponent(id)}`, 302);
    } catch (error) {
      const oauth = error instanceof OAuthError ? error : new ServerError('Internal Server Error');
      if (!(error instanceof OAuthError)) request.log.error({ err: error }, 'authorization request failed');
      const url = new URL(redirectUri);
      url.searchParams.set('error', oauth.errorCode);
      url.searchParams.set('error_description', oauth.message);
      if (query.state !== undefined) url.searchParams.set('state', query.state);
      return reply.redirect(url.href, 302);
    }
  });

  /** The client of a token or revocation request, authenticated (client_secret_post, or none). */
  const clientOf = async (form: Form) => {
    if (!form.client_id) throw new InvalidClientError('client_id is required');
    const client = await authorization.clientsStore.getClient(form.client_id);
    if (!client) throw new InvalidClientError('Unknown client_id');
    authorization.authenticateClient(client, form.client_secret);
    return client;
  };

  fastify.post(MCP_ROUTES.token, { config: OAUTH_BUDGET }, async (request, reply) => {
    try {
      const form = formOf(request.body);
      const client = await clientOf(form);
      const resource = form.resource ? new URL(form.resource) : undefined;
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
      return sendOAuthError(reply, error, request);
    }
  });

  fastify.post(MCP_ROUTES.revoke, { config: OAUTH_BUDGET }, async (request, reply) => {
    try {
      const form = formOf(request.body);
      const client = await clientOf(form);
      if (!form.token) throw new InvalidRequestError('token is required');
      await authorization.revokeToken(client, { token: form.token, token_type_hint: form.token_type_hint });
      return reply.header('cache-control', 'no-store').send({});
    } catch (error) {
      return sendOAuthError(reply, error, request);
    }
  });
}
