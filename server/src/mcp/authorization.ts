/**
 * The portal as the OAuth 2.1 authorization server of its MCP server: the SDK's provider contract
 * (`OAuthServerProvider`: clients, authorization codes with PKCE, access and refresh tokens,
 * revocation), fulfilled by the portal's own sign-in. Nothing here knows HTTP; oauth-routes.ts
 * speaks the protocol and consent.ts asks the reader.
 *
 * - Access tokens are sealed like the session cookie (JWE, a key of their own derived from the
 *   session secrets): opaque to clients, tamper-evident, bound to the MCP resource (`aud`), 10 min.
 *   They carry the reader's roles and the portal session they came from (`sid`).
 * - Refresh tokens are random, stored by hash, spent on use (rotation) and end when the roles they
 *   carry are SESSION_ROLE_TTL old, as the portal's pages do.
 * - Logging out of the portal revokes the session id: every token that came from it stops working
 *   (checked on every MCP request and every refresh), on every replica with Redis.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import {
  InvalidClientError,
  InvalidGrantError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type {
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Identity } from '@tala/policy';
import { Sealer } from '../auth/sealer.ts';
import type { KeyValues } from '../store/key-values.ts';
import type { RevocationList } from '../store/revocations.ts';
import type { McpSettings } from './settings.ts';

/** Who consented, as the portal session knew them. */
export interface Grant {
  readonly sub: string;
  readonly name: string | null;
  readonly username: string | null;
  readonly roles: readonly string[];
  /** The portal session the consent came from: its logout ends the grant. */
  readonly sid: string;
  /** When the provider last vouched for the roles (seconds). */
  readonly rolesAt: number;
}

/** An authorization request waiting for the reader (sign-in, consent). */
export interface PendingAuthorization {
  readonly clientId: string;
  readonly clientName: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state: string | undefined;
  readonly scopes: readonly string[];
  readonly resource: string;
}

interface IssuedCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly resource: string;
  readonly grant: Grant;
}

interface RefreshRecord {
  readonly clientId: string;
  readonly resource: string;
  readonly grant: Grant;
  readonly expiresAt: number;
}

const now = () => Math.floor(Date.now() / 1000);
const randomToken = () => randomBytes(32).toString('base64url');
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
const PENDING_TTL = 600;
const CODE_TTL = 60;

const key = {
  client: (id: string) => `client:${id}`,
  pending: (id: string) => `pending:${id}`,
  code: (code: string) => `code:${digest(code)}`,
  refresh: (token: string) => `refresh:${digest(token)}`,
  consent: (sub: string, clientId: string) => `consent:${digest(`${sub}\n${clientId}`)}`,
};

const parse = <T>(value: string | null): T | null => (value === null ? null : (JSON.parse(value) as T));

/**
 * The SDK's provider contract but for `authorize`, whose Express response the portal (Fastify) has
 * no use for: oauth-routes.ts calls `startAuthorization` and redirects itself.
 */
export class McpAuthorization implements Omit<OAuthServerProvider, 'authorize'> {
  private readonly sealer: Sealer;

  constructor(
    private readonly settings: McpSettings,
    private readonly store: KeyValues,
    private readonly revocations: RevocationList,
  ) {
    this.sealer = new Sealer(settings.secrets, 'tala-docs mcp access token');
  }

  readonly clientsStore: OAuthRegisteredClientsStore = {
    getClient: async (clientId) =>
      parse<OAuthClientInformationFull>(await this.store.get(key.client(clientId))) ?? undefined,
    registerClient: async (client) => {
      const full = { ...client, client_id: randomToken(), client_id_issued_at: now() } as OAuthClientInformationFull;
      await this.store.set(key.client(full.client_id), JSON.stringify(full), this.settings.clientTtl);
      return full;
    },
  };

  /** The token endpoint's client check: a confidential client proves its secret, a public one has none. */
  authenticateClient(client: OAuthClientInformationFull, secret: string | undefined): void {
    if (!client.client_secret) return;
    const given = Buffer.from(secret ?? '');
    const expected = Buffer.from(client.client_secret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new InvalidClientError('Invalid client_secret');
    }
    if (client.client_secret_expires_at && client.client_secret_expires_at < now()) {
      throw new InvalidClientError('Client secret has expired');
    }
  }

  /** Every token is for this server's MCP endpoint; another audience is refused (RFC 8707). */
  private checkResource(resource: URL | string | undefined): string {
    const requested = resource === undefined ? this.settings.resource : new URL(String(resource)).href;
    if (requested.replace(/\/$/, '') !== this.settings.resource) {
      throw new InvalidTargetError(`This server issues tokens for ${this.settings.resource} only`);
    }
    return this.settings.resource;
  }

  /** Keeps an authorization request for the consent page; its id goes in the consent page's address. */
  async startAuthorization(client: OAuthClientInformationFull, params: AuthorizationParams): Promise<string> {
    const pending: PendingAuthorization = {
      clientId: client.client_id,
      clientName: client.client_name ?? client.client_id,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      state: params.state,
      scopes: params.scopes ?? [],
      resource: this.checkResource(params.resource),
    };
    const id = randomToken();
    await this.store.set(key.pending(id), JSON.stringify(pending), PENDING_TTL);
    return id;
  }

  pending(id: string): Promise<PendingAuthorization | null> {
    return this.store.get(key.pending(id)).then((value) => parse<PendingAuthorization>(value));
  }

  async hasConsented(sub: string, clientId: string): Promise<boolean> {
    return (await this.store.get(key.consent(sub, clientId))) !== null;
  }

  /** The reader said yes: a single-use code for the client, and the consent remembered. */
  async approve(id: string, grant: Grant): Promise<string | null> {
    const pending = parse<PendingAuthorization>(await this.store.take(key.pending(id)));
    if (!pending) return null;
    const code = randomToken();
    const issued: IssuedCode = {
      clientId: pending.clientId,
      redirectUri: pending.redirectUri,
      codeChallenge: pending.codeChallenge,
      resource: pending.resource,
      grant,
    };
    await this.store.set(key.code(code), JSON.stringify(issued), CODE_TTL);
    await this.store.set(key.consent(grant.sub, pending.clientId), '1', this.settings.consentTtl);
    return redirectWith(pending, { code });
  }

  /** The reader said no. */
  async deny(id: string): Promise<string | null> {
    const pending = parse<PendingAuthorization>(await this.store.take(key.pending(id)));
    return pending
      ? redirectWith(pending, { error: 'access_denied', error_description: 'The reader declined.' })
      : null;
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    const issued = parse<IssuedCode>(await this.store.get(key.code(code)));
    if (!issued || issued.clientId !== client.client_id) throw new InvalidGrantError('Invalid authorization code');
    return issued.codeChallenge;
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const issued = parse<IssuedCode>(await this.store.take(key.code(code)));
    if (!issued || issued.clientId !== client.client_id) throw new InvalidGrantError('Invalid authorization code');
    if (redirectUri !== undefined && redirectUri !== issued.redirectUri) {
      throw new InvalidGrantError('redirect_uri does not match the authorization request');
    }
    if (resource !== undefined) this.checkResource(resource);
    return this.issue(client.client_id, issued.grant, issued.resource, issued.grant.rolesAt + this.settings.roleTtl);
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    _scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    const record = parse<RefreshRecord>(await this.store.take(key.refresh(refreshToken)));
    if (!record || record.clientId !== client.client_id || record.expiresAt <= now()) {
      throw new InvalidGrantError('Invalid or expired refresh token: authorize again');
    }
    if (resource !== undefined) this.checkResource(resource);
    if (await this.revocations.isRevoked(record.grant.sid)) {
      throw new InvalidGrantError('The portal session of this grant has ended: authorize again');
    }
    return this.issue(client.client_id, record.grant, record.resource, record.expiresAt);
  }

  private async issue(clientId: string, grant: Grant, resource: string, refreshUntil: number): Promise<OAuthTokens> {
    const time = now();
    if (refreshUntil <= time) throw new InvalidGrantError('The roles of this grant are too old: authorize again');
    const expiresAt = Math.min(time + this.settings.accessTokenTtl, refreshUntil);
    const accessToken = await this.sealer.seal(
      {
        aud: resource,
        sub: grant.sub,
        jti: randomToken(),
        client_id: clientId,
        name: grant.name,
        username: grant.username,
        roles: [...grant.roles],
        sid: grant.sid,
      },
      expiresAt,
    );
    const refreshToken = randomToken();
    const record: RefreshRecord = { clientId, resource, grant, expiresAt: refreshUntil };
    await this.store.set(key.refresh(refreshToken), JSON.stringify(record), refreshUntil - time);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: expiresAt - time,
      refresh_token: refreshToken,
    };
  }

  /**
   * An access token's reader, or InvalidTokenError: tampered, expired, sealed for another purpose,
   * for another audience, revoked, or from a portal session that logged out.
   */
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const claims = await this.sealer.open(token);
    if (!claims) throw new InvalidTokenError('Invalid or expired access token');
    if (claims.aud !== this.settings.resource) throw new InvalidTokenError('The access token is for another audience');
    const sid = String(claims.sid);
    if ((await this.revocations.isRevoked(sid)) || (await this.revocations.isRevoked(`mcp:${claims.jti}`))) {
      throw new InvalidTokenError('The access token has been revoked');
    }
    const identity: Identity = {
      name: typeof claims.name === 'string' ? claims.name : null,
      username: typeof claims.username === 'string' ? claims.username : null,
      roles: Array.isArray(claims.roles) ? claims.roles.map(String) : [],
    };
    return {
      token,
      clientId: String(claims.client_id),
      scopes: [],
      expiresAt: claims.exp,
      resource: new URL(this.settings.resource),
      extra: { identity, sid },
    };
  }

  /** RFC 7009: a refresh token is deleted; an access token is listed as revoked until it expires. */
  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    const record = parse<RefreshRecord>(await this.store.get(key.refresh(request.token)));
    if (record) {
      if (record.clientId === client.client_id) await this.store.delete(key.refresh(request.token));
      return;
    }
    const claims = await this.sealer.open(request.token);
    if (claims && claims.client_id === client.client_id && typeof claims.exp === 'number') {
      await this.revocations.revoke(`mcp:${claims.jti}`, claims.exp);
    }
  }
}

function redirectWith(pending: PendingAuthorization, params: Record<string, string>): string {
  const url = new URL(pending.redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (pending.state !== undefined) url.searchParams.set('state', pending.state);
  return url.href;
}
