import * as client from 'openid-client';
import { GateError, ProviderUnavailableError, SignInRejectedError } from '../errors.ts';
import { type AuthSettings, isLoopbackHost } from './settings.ts';

type OidcSettings = Extract<AuthSettings, { mode: 'oidc' }>;

/** What must survive the round trip to the provider (kept in a short-lived encrypted cookie). */
export interface LoginTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

/** The reader as the ID token describes them. */
export interface SignedInReader {
  sub: string;
  name: string | null;
  username: string | null;
  roles: string[];
}

const DISCOVERY_RETRY_MS = 30_000;

/**
 * openid-client's errors, translated at the boundary: its protocol errors (a bad state, nonce or
 * signature, an error response from the token endpoint) reject this sign-in; a network failure or
 * timeout means the provider is unavailable.
 */
function translate(error: unknown): GateError {
  if (error instanceof GateError) return error;
  if (
    error instanceof client.ResponseBodyError ||
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.WWWAuthenticateChallengeError ||
    error instanceof client.ClientError
  ) {
    return new SignInRejectedError('The identity provider did not confirm the sign-in.', error);
  }
  return new ProviderUnavailableError(error);
}

/**
 * The portal as a confidential OpenID Connect client (openid-client): authorization code flow
 * with PKCE, state and nonce; openid-client validates the ID token (signature against the
 * provider's JWKS, iss, aud, exp, iat, nonce) in `authorizationCodeGrant`.
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | null = null;
  private failedAt = 0;
  private readonly settings: OidcSettings;
  private readonly issuer: string;

  constructor(settings: OidcSettings, issuer: string) {
    this.settings = settings;
    this.issuer = issuer;
  }

  /**
   * Discovery, once; a failure is remembered for 30 s (so a down provider is not hammered) and
   * then retried, so the portal recovers when the provider comes back without a restart.
   */
  async config(): Promise<client.Configuration> {
    if (this.configuration === null || (this.failedAt > 0 && Date.now() - this.failedAt > DISCOVERY_RETRY_MS)) {
      this.failedAt = 0;
      const issuerUrl = new URL(this.issuer);
      // http only on a loopback address: the embedded provider, or a development provider shared by
      // local replicas (settings.ts refuses an http issuer in production and off loopback).
      const loopback = issuerUrl.protocol === 'http:' && isLoopbackHost(issuerUrl.hostname);
      this.configuration = client
        .discovery(issuerUrl, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: loopback ? [client.allowInsecureRequests] : [],
          timeout: 5,
        })
        .catch((error: unknown) => {
          this.failedAt = Date.now();
          throw new ProviderUnavailableError(error);
        });
    }
    return this.configuration;
  }

  /** Whether the provider answers its discovery document (for the login screen's message). */
  async available(): Promise<boolean> {
    try {
      await this.config();
      return true;
    } catch {
      return false;
    }
  }

  async startLogin(returnTo: string): Promise<{ url: URL; transaction: LoginTransaction }> {
    const config = await this.config();
    const transaction: LoginTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      returnTo,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return { url, transaction };
  }

  /** Exchanges the code of the callback URL and returns the reader from the validated ID token. */
  async finishLogin(callbackUrl: URL, transaction: LoginTransaction): Promise<SignedInReader> {
    const config = await this.config();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw translate(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new SignInRejectedError('The identity provider returned no ID token.');
    const roles = claims[this.settings.rolesClaim];
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return {
      sub: claims.sub,
      name: text(claims.name),
      username: text(claims.preferred_username) ?? text(claims.email),
      roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
    };
  }

  /** RP-Initiated Logout: the provider's end_session_endpoint, or null when it has none. */
  async endSessionUrl(): Promise<URL | null> {
    const config = await this.config();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(config, {
      client_id: this.settings.clientId,
      post_logout_redirect_uri: this.settings.postLogoutRedirectUri,
    });
  }
}
