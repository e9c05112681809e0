/**
 * The portal as the OAuth 2.1 authorization server of its MCP server: clients, authorization codes
 * with PKCE, access and refresh tokens, revocation, fulfilled by the portal's own sign-in (the
 * shape of MCP SDK 1's `OAuthServerProvider`; SDK 2 ships no authorization server). Nothing here
 * knows HTTP; oauth-routes.ts speaks the protocol and consent.ts asks the reader.
 *
 * - Clients come two ways: a client metadata document (the `client_id` is an https URL, fetched by
 *   client-metadata.ts: MCP 2026-07-28's way), or dynamic registration (RFC 7591, deprecated by
 *   MCP 2026-07-28, kept for 2025-era clients).
 * - Access tokens are sealed like the session cookie (JWE, a key of their own derived from the
 *   session secrets): opaque to clients, tamper-evident, bound to the MCP resource (`aud`), 10 min.
 *   They carry the reader's roles and the portal session they came from (`sid`).
 * - Refresh tokens are random, stored by hash, spent on use (rotation) and end when the roles they
 *   carry are SESSION_ROLE_TTL old, as the portal's pages do. The tokens rotated from one code are a
 *   family (OAuth 2.1 §4.3.1): a spent one presented again by its client means one of two copies
 *   was stolen, so the whole family ends, its access tokens too (their `fam` is revoked).
 * - A client registration is provisional until a reader approves it: it expires within the hour,
 *   and errors of its authorization requests are shown on the portal, never sent to its redirect
 *   URI (anyone may register any URI: RFC 9700 §4.11.2).
 * - Logging out of the portal revokes the session id: every token that came from it stops working
 *   (checked on every MCP request and every refresh), on every replica with Redis.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AuthInfo,
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from '@modelcontextprotocol/server';
import type { Identity } from '@tala/policy';
import { Sealer } from '../auth/sealer.ts';
import { type KeyValues, PROVISIONAL_PREFIX } from '../store/key-values.ts';
import type { RevocationList } from '../store/revocations.ts';
import {
  type ClientMetadataDocument,
  ClientMetadataError,
  type ClientMetadataResolver,
  isClientMetadataUrl,
} from './client-metadata.ts';
import {
  InvalidClientError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidTargetError,
  InvalidTokenError,
  RefreshTokenReusedError,
} from './oauth-errors.ts';
import { acceptableRedirectUri } from './redirect-uris.ts';
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

/** What an authorization request asks for, once its client and redirect URI are known. */
export interface AuthorizationParams {
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state?: string;
  readonly scopes?: readonly string[];
  readonly resource?: URL;
}

/** A client the server knows, how it is known, and whether a reader has ever approved it. */
export interface KnownClient {
  readonly client: OAuthClientInformationFull;
  readonly approved: boolean;
  /** Described by a client metadata document at its `client_id` (else registered here). */
  readonly fromDocument: boolean;
}

/** An authorization request waiting for the reader (sign-in, consent). */
export interface PendingAuthorization {
  readonly clientId: string;
  readonly clientName: string;
  /** The name comes from a client metadata document (the consent page shows the document's host). */
  readonly fromDocument?: boolean;
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
  /** The code exchange the token descends from; every rotation keeps it. Absent in records older than families. */
  readonly family?: string;
}

/** A rotated refresh token, kept until its family ends so that a replay is recognised. */
interface SpentRecord {
  readonly clientId: string;
  readonly family: string;
  readonly expiresAt: number;
}

const now = () => Math.floor(Date.now() / 1000);
const randomToken = () => randomBytes(32).toString('base64url');
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');
const PENDING_TTL = 600;
const CODE_TTL = 60;

const key = {
  /** A client a reader has approved. */
  client: (id: string) => `client:${id}`,
  /** A client metadata document a reader has approved (the document itself is cached, not stored). */
  approvedDocument: (url: string) => `client-document:${digest(url)}`,
  /** A client nobody has approved yet: provisional, bounded apart (key-values.ts). */
  newClient: (id: string) => `${PROVISIONAL_PREFIX}client:${id}`,
  pending: (id: string) => `${PROVISIONAL_PREFIX}pending:${id}`,
  code: (code: string) => `code:${digest(code)}`,
  refresh: (token: string) => `refresh:${digest(token)}`,
  spent: (token: string) => `spent:${digest(token)}`,
  consent: (sub: string, clientId: string) => `consent:${digest(`${sub}\n${clientId}`)}`,
};
/** The revocation list entry that ends a refresh-token family and its access tokens. */
const familyRevocation = (family: string) => `mcp-family:${family}`;

const parse = <T>(value: string | null): T | null => (value === null ? null : (JSON.parse(value) as T));

/** oauth-routes.ts calls `startAuthorization` and redirects itself; consent.ts answers the request. */
export class McpAuthorization {
  private readonly sealer: Sealer;
  private readonly settings: McpSettings;
  private readonly store: KeyValues;
  private readonly revocations: RevocationList;
  private readonly documents: ClientMetadataResolver;

  constructor(settings: McpSettings, store: KeyValues, revocations: RevocationList, documents: ClientMetadataResolver) {
    this.settings = settings;
    this.store = store;
    this.revocations = revocations;
    this.documents = documents;
    this.sealer = new Sealer(settings.secrets, 'tala-docs mcp access token');
  }

  /** RFC 7591: a new client, provisional until a reader approves it. */
  async registerClient(
    metadata: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>,
  ): Promise<OAuthClientInformationFull> {
    const full = { ...metadata, client_id: randomToken(), client_id_issued_at: now() } as OAuthClientInformationFull;
    await this.store.set(key.newClient(full.client_id), JSON.stringify(full), this.settings.unapprovedClientTtl);
    return full;
  }

  /**
   * The client a `client_id` names, or null when none: a client metadata document (fetched, or
   * InvalidClientError saying why it cannot be used), or a registration.
   */
  async findClient(clientId: string): Promise<KnownClient | null> {
    if (isClientMetadataUrl(clientId)) return this.documentClient(clientId);
    const approved = parse<OAuthClientInformationFull>(await this.store.get(key.client(clientId)));
    if (approved) return { client: approved, approved: true, fromDocument: false };
    const fresh = parse<OAuthClientInformationFull>(await this.store.get(key.newClient(clientId)));
    return fresh ? { client: fresh, approved: false, fromDocument: false } : null;
  }

  private async documentClient(url: string): Promise<KnownClient> {
    let document: ClientMetadataDocument;
    try {
      document = await this.documents.resolve(url);
    } catch (error) {
      if (error instanceof ClientMetadataError) throw new InvalidClientError(`Unusable client_id: ${error.message}`);
      throw error;
    }
    if (!document.redirectUris.every(acceptableRedirectUri)) {
      throw new InvalidClientError(
        'Unusable client_id: its redirect_uris must be https, or http on a loopback address, without a fragment',
      );
    }
    const client = {
      client_id: url,
      client_name: document.clientName,
      redirect_uris: [...document.redirectUris],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    } as OAuthClientInformationFull;
    const approved = (await this.store.get(key.approvedDocument(url))) !== null;
    return { client, approved, fromDocument: true };
  }

  /** A reader approved the client: it stays registered for the client lifetime, counted from registration. */
  private async confirmClient(clientId: string): Promise<void> {
    if (isClientMetadataUrl(clientId)) {
      await this.store.set(key.approvedDocument(clientId), '1', this.settings.clientTtl);
      return;
    }
    const fresh = parse<OAuthClientInformationFull>(await this.store.get(key.newClient(clientId)));
    if (!fresh) return; // approved before (or expired since the request began)
    const until = (fresh.client_id_issued_at ?? now()) + this.settings.clientTtl;
    // Approved first, then the provisional copy goes: the client is never missing in between.
    await this.store.set(key.client(clientId), JSON.stringify(fresh), until - now());
    await this.store.delete(key.newClient(clientId));
  }

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
    const text = resource === undefined ? this.settings.resource : String(resource);
    if (!URL.canParse(text)) throw new InvalidRequestError('resource must be an absolute URI');
    const requested = new URL(text).href;
    if (requested.replace(/\/$/, '') !== this.settings.resource) {
      throw new InvalidTargetError(`This server issues tokens for ${this.settings.resource} only`);
    }
    return this.settings.resource;
  }

  /** Keeps an authorization request for the consent page; its id goes in the consent page's address. */
  async startAuthorization(known: KnownClient, params: AuthorizationParams): Promise<string> {
    const { client } = known;
    const pending: PendingAuthorization = {
      clientId: client.client_id,
      clientName: client.client_name ?? client.client_id,
      fromDocument: known.fromDocument,
      redirectUri: params.redirectUri,
      codeChallenge: params.codeChallenge,
      state: params.state,
      scopes: [...(params.scopes ?? [])],
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
    await this.confirmClient(pending.clientId);
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
    return redirectWith(pending, { code }, this.settings.issuer);
  }

  /** The reader said no. */
  async deny(id: string): Promise<string | null> {
    const pending = parse<PendingAuthorization>(await this.store.take(key.pending(id)));
    return pending
      ? redirectWith(
          pending,
          { error: 'access_denied', error_description: 'The reader declined.' },
          this.settings.issuer,
        )
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
    const refreshUntil = issued.grant.rolesAt + this.settings.roleTtl;
    return this.issue(client.client_id, issued.grant, issued.resource, refreshUntil, randomToken());
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    _scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    if (resource !== undefined) this.checkResource(resource);
    const invalid = () => new InvalidGrantError('Invalid or expired refresh token: authorize again');
    // Read before spending: another client's request must not burn the token of its owner.
    const record = parse<RefreshRecord>(await this.store.get(key.refresh(refreshToken)));
    if (!record) {
      await this.refuseReplay(client, refreshToken);
      throw invalid();
    }
    if (record.clientId !== client.client_id || record.expiresAt <= now()) throw invalid();
    const family = record.family ?? randomToken();
    // Marked spent before it is taken, so that a replay racing this request is recognised as one.
    const spent: SpentRecord = { clientId: record.clientId, family, expiresAt: record.expiresAt };
    await this.store.set(key.spent(refreshToken), JSON.stringify(spent), record.expiresAt - now());
    if ((await this.store.take(key.refresh(refreshToken))) === null) {
      // Two requests of its client with one token: one of them is the replay.
      await this.revocations.revoke(familyRevocation(family), record.expiresAt);
      throw new RefreshTokenReusedError('This refresh token was already used: authorize again');
    }
    if (await this.revocations.isRevoked(familyRevocation(family))) {
      throw new InvalidGrantError('This grant has been revoked: authorize again');
    }
    if (await this.revocations.isRevoked(record.grant.sid)) {
      throw new InvalidGrantError('The portal session of this grant has ended: authorize again');
    }
    return this.issue(client.client_id, record.grant, record.resource, record.expiresAt, family);
  }

  /**
   * A spent refresh token presented again by the client it was issued to: one of two copies is in
   * the wrong hands, so its family ends (OAuth 2.1 §4.3.1). Presented by another client, it only
   * fails: that client cannot end a family not its own.
   */
  private async refuseReplay(client: OAuthClientInformationFull, refreshToken: string): Promise<void> {
    const spent = parse<SpentRecord>(await this.store.get(key.spent(refreshToken)));
    if (!spent || spent.clientId !== client.client_id) return;
    await this.revocations.revoke(familyRevocation(spent.family), spent.expiresAt);
    throw new RefreshTokenReusedError('This refresh token was already used: every token of this grant is revoked');
  }

  private async issue(
    clientId: string,
    grant: Grant,
    resource: string,
    refreshUntil: number,
    family: string,
  ): Promise<OAuthTokens> {
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
        fam: family,
      },
      expiresAt,
    );
    const refreshToken = randomToken();
    const record: RefreshRecord = { clientId, resource, grant, expiresAt: refreshUntil, family };
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
   * for another audience, revoked (itself or its refresh-token family), or from a portal session
   * that logged out.
   */
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const claims = await this.sealer.open(token);
    if (!claims) throw new InvalidTokenError('Invalid or expired access token');
    if (claims.aud !== this.settings.resource) throw new InvalidTokenError('The access token is for another audience');
    const sid = String(claims.sid);
    const revoked = await Promise.all([
      this.revocations.isRevoked(sid),
      this.revocations.isRevoked(`mcp:${claims.jti}`),
      // Tokens sealed before families existed have none; they expire within accessTokenTtl.
      typeof claims.fam === 'string' ? this.revocations.isRevoked(familyRevocation(claims.fam)) : false,
    ]);
    if (revoked.includes(true)) throw new InvalidTokenError('The access token has been revoked');
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
      // `sub`: whose budget the request spends (protect/rate-limits.ts readerKey), like a signed-in page's.
      extra: { identity, sid, sub: String(claims.sub) },
    };
  }

  /** RFC 7009: a refresh token is deleted with its grant's access tokens; an access token is listed as revoked until it expires. */
  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    const record = parse<RefreshRecord>(await this.store.get(key.refresh(request.token)));
    if (record) {
      if (record.clientId !== client.client_id) return;
      await this.store.delete(key.refresh(request.token));
      // RFC 7009 §2.1: the access tokens of the same grant end with it.
      if (record.family) await this.revocations.revoke(familyRevocation(record.family), record.expiresAt);
      return;
    }
    const claims = await this.sealer.open(request.token);
    if (claims && claims.client_id === client.client_id && typeof claims.exp === 'number') {
      await this.revocations.revoke(`mcp:${claims.jti}`, claims.exp);
    }
  }
}

/** An authorization response; `iss` tells the client which server answered (RFC 9207, mix-up attacks). */
function redirectWith(pending: PendingAuthorization, params: Record<string, string>, issuer: string): string {
  const url = new URL(pending.redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (pending.state !== undefined) url.searchParams.set('state', pending.state);
  url.searchParams.set('iss', issuer);
  return url.href;
}
