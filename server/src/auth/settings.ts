import { randomBytes } from 'node:crypto';
import { LOGIN_ROUTE } from '@tala/policy';
import { type GateEnvironment, single } from '../env.ts';
import { ConfigError } from '../errors.ts';

/** How readers are identified; chosen once at start-up from the environment. */
export type AuthSettings =
  | { readonly mode: 'skip' }
  | {
      readonly mode: 'oidc';
      /** `external`: a configured provider (Entra ID or any OIDC issuer); `embedded`: the dev provider. */
      readonly provider: 'external' | 'embedded';
      /** Issuer URL; for the embedded provider it is only known once it listens. */
      readonly issuer: string | null;
      readonly clientId: string;
      readonly clientSecret: string;
      readonly redirectUri: string;
      readonly postLogoutRedirectUri: string;
      readonly scopes: string;
      /** ID token claim that carries the roles (Entra ID app roles arrive in `roles`). */
      readonly rolesClaim: string;
      readonly session: SessionSettings;
      readonly embeddedPort: number;
    };

export interface SessionSettings {
  /** First one encrypts new cookies; all of them are accepted (rotation). */
  readonly secrets: readonly string[];
  /** Absolute lifetime from sign-in, seconds. */
  readonly maxAge: number;
  /** Idle timeout, seconds: a session unused this long is over. */
  readonly idleTimeout: number;
  /**
   * Seconds the roles read at sign-in are trusted. After that the reader goes back through the
   * provider (silently while its own session lasts), so a role removed there takes effect within
   * this time. Shorter is fresher but sends readers to the provider more often.
   */
  readonly roleTtl: number;
  /** `__Host-` prefix and `Secure` when the portal is served over https. */
  readonly secure: boolean;
}

/**
 * The issuer of a configured provider: OIDC_ISSUER, or Microsoft Entra ID from the seed's
 * authority / tenant settings (the v2.0 endpoint issues the `roles` claim of app roles).
 */
function externalIssuer(env: GateEnvironment): string | null {
  if (env.OIDC_ISSUER) return env.OIDC_ISSUER;
  const tenant = env.MSAL_TENANT_ID ?? env.MSAL_TENANT_NAME;
  if (env.MSAL_AUTHORITY) {
    const base = env.MSAL_AUTHORITY.replace(/\/+$/, '');
    return base.endsWith('/v2.0') ? base : `${base}/v2.0`;
  }
  if (tenant) return `https://login.microsoftonline.com/${encodeURIComponent(tenant)}/v2.0`;
  return null;
}

/** Loopback host names: an http issuer there never crosses a network. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A provider over plain http is accepted only on loopback outside production (a development
 * provider, e.g. `dev-idp/standalone.ts` shared by local replicas): tokens and the client secret
 * would otherwise cross the network in clear. Checked here so the gate refuses to start.
 */
function checkIssuerTransport(issuer: string | null, production: boolean): void {
  if (issuer === null) return;
  const url = new URL(issuer);
  if (url.protocol !== 'http:') return;
  if (production) {
    throw new ConfigError(`The identity provider must use https when ENVIRONMENT=production, got "${issuer}".`);
  }
  if (!isLoopbackHost(url.hostname)) {
    throw new ConfigError(`The identity provider must use https unless it is on a loopback address, got "${issuer}".`);
  }
}

/**
 * The embedded provider signs anyone in as any demo account, the on-prem admin included, without a
 * password. A portal on https or listening beyond loopback is being deployed, not developed: it
 * must name a real provider, unless ALLOW_DEV_IDP=true says the demo accounts are wanted there.
 */
function checkEmbeddedProviderStaysLocal(env: GateEnvironment, publicUrl: string): void {
  if (env.ALLOW_DEV_IDP) return;
  const reason = publicUrl.startsWith('https:')
    ? `PUBLIC_URL is https (${publicUrl})`
    : isLoopbackHost(env.HOST) || env.HOST === '::1'
      ? null
      : `HOST is ${env.HOST}, not a loopback address`;
  if (reason !== null) {
    throw new ConfigError(
      `No identity provider is configured and ${reason}: set OIDC_ISSUER (or MSAL_*), or ALLOW_DEV_IDP=true to serve the password-less demo accounts anyway.`,
    );
  }
}

export function loadAuthSettings(
  env: GateEnvironment,
  context: { publicUrl: string; pagesPrefix: string },
): AuthSettings {
  if (env.SKIP_AUTHENTICATION) return { mode: 'skip' };
  const production = env.ENVIRONMENT === 'production';
  const issuer = externalIssuer(env);
  if (issuer === null) checkEmbeddedProviderStaysLocal(env, context.publicUrl);
  if (issuer === null && production) {
    throw new ConfigError(
      'No identity provider is configured: set OIDC_ISSUER (any OpenID Connect provider) or MSAL_AUTHORITY / MSAL_TENANT_ID (Microsoft Entra ID). The embedded development provider is refused when ENVIRONMENT=production.',
    );
  }
  checkIssuerTransport(issuer, production);
  const provider = issuer === null ? 'embedded' : 'external';
  const clientId = env.OIDC_CLIENT_ID ?? env.MSAL_CLIENT_ID ?? (provider === 'embedded' ? 'tala-docs-dev' : null);
  if (clientId === null)
    throw new ConfigError('OIDC_CLIENT_ID (or MSAL_CLIENT_ID) is required with an identity provider.');
  const clientSecret =
    env.OIDC_CLIENT_SECRET ?? (provider === 'embedded' ? randomBytes(24).toString('base64url') : null);
  if (clientSecret === null) {
    throw new ConfigError('OIDC_CLIENT_SECRET is required: the portal signs in as a confidential client.');
  }

  const configuredSecrets = env.SESSION_SECRETS ?? [];
  for (const secret of configuredSecrets) {
    if (secret.length < 32) throw new ConfigError('Each SESSION_SECRETS entry must be at least 32 characters long.');
  }
  if (configuredSecrets.length === 0 && production) {
    throw new ConfigError('SESSION_SECRETS is required when ENVIRONMENT=production (comma-separated, newest first).');
  }

  return Object.freeze({
    mode: 'oidc' as const,
    provider,
    issuer,
    clientId,
    clientSecret,
    redirectUri: single('OIDC_REDIRECT_URI', env.OIDC_REDIRECT_URI) ?? `${context.publicUrl}/auth/callback`,
    postLogoutRedirectUri:
      single('OIDC_POST_LOGOUT_REDIRECT_URI', env.OIDC_POST_LOGOUT_REDIRECT_URI) ??
      `${context.publicUrl}${context.pagesPrefix}${LOGIN_ROUTE}`,
    scopes: env.OIDC_SCOPES,
    rolesClaim: env.OIDC_ROLES_CLAIM,
    session: Object.freeze({
      secrets: configuredSecrets.length > 0 ? configuredSecrets : [randomBytes(32).toString('base64url')],
      maxAge: env.SESSION_MAX_AGE,
      idleTimeout: env.SESSION_IDLE_TIMEOUT,
      roleTtl: env.SESSION_ROLE_TTL,
      secure: context.publicUrl.startsWith('https:'),
    }),
    embeddedPort: env.DEV_IDP_PORT,
  });
}
