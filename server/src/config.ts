import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AuthSettings, loadAuthSettings } from './auth/settings.ts';
import { bool, type Env, optionalHttpUrl, text } from './env.ts';
import { ConfigError } from './errors.ts';
import { loadSearchSettings, type SearchSettings } from './search/settings.ts';

/** The gate's configuration, read once from the environment, validated, then frozen. */
export interface GateConfig {
  readonly host: string;
  readonly port: number;
  /** The Docusaurus build output served by the gate (with its `.access-manifest.json`). */
  readonly buildDir: string;
  /** `production` forbids development conveniences (skipAuthentication). */
  readonly environment: string;
  /** Seed §4: outside production, every request is a reader holding the on-prem role. */
  readonly skipAuthentication: boolean;
  /** Trust `X-Forwarded-*` from a reverse proxy (for https detection and client IPs). */
  readonly trustProxy: boolean;
  readonly logLevel: string;
  /** `/api/config` (seed §7). */
  readonly runtimeConfig: {
    readonly msalClientId: string | null;
    readonly msalAuthority: string | null;
    readonly msalTenantName: string | null;
    readonly msalTenantId: string | null;
    readonly algoliaIndexName: string;
  };
  /** `/api/request-access-url` (seed §7). */
  readonly requestAccessUrl: string | null;
  /** The portal's external origin, e.g. https://docs.example.com (redirect URIs, Secure cookies). */
  readonly publicUrl: string;
  /** Path prefix of the pages (build-time PAGES_PREFIX); logout lands on `{pagesPrefix}/Login/`. */
  readonly pagesPrefix: string;
  /** How readers are identified. */
  readonly auth: AuthSettings;
  readonly search: SearchSettings;
}

const DEFAULT_BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/build');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): GateConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number (0-65535), got "${env.PORT}".`);
  }
  const logLevel = text(env.LOG_LEVEL) ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const environment = text(env.ENVIRONMENT) ?? 'development';
  const skipAuthentication = bool(env, 'SKIP_AUTHENTICATION');
  if (skipAuthentication && environment === 'production') {
    throw new ConfigError(
      'SKIP_AUTHENTICATION is refused when ENVIRONMENT=production: it would let anyone read every page.',
    );
  }
  const publicUrl = (optionalHttpUrl(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const pagesPrefix = (text(env.PAGES_PREFIX) ?? '').replace(/\/+$/, '');
  if (pagesPrefix !== '' && !/^\/[\w\-/]*$/.test(pagesPrefix)) {
    throw new ConfigError(`PAGES_PREFIX must be a path such as /docs, got "${env.PAGES_PREFIX}".`);
  }
  return Object.freeze({
    host: text(env.HOST) ?? '127.0.0.1',
    port,
    buildDir: path.resolve(text(env.BUILD_DIR) ?? DEFAULT_BUILD_DIR),
    environment,
    skipAuthentication,
    trustProxy: bool(env, 'TRUST_PROXY'),
    logLevel,
    runtimeConfig: Object.freeze({
      msalClientId: text(env.MSAL_CLIENT_ID),
      msalAuthority: optionalHttpUrl(env, 'MSAL_AUTHORITY'),
      msalTenantName: text(env.MSAL_TENANT_NAME),
      msalTenantId: text(env.MSAL_TENANT_ID),
      algoliaIndexName: text(env.ALGOLIA_INDEX_NAME) ?? 'tala-docs',
    }),
    requestAccessUrl: optionalHttpUrl(env, 'REQUEST_ACCESS_URL'),
    publicUrl,
    pagesPrefix,
    auth: loadAuthSettings(env, { environment, skipAuthentication, publicUrl, pagesPrefix }),
    search: loadSearchSettings(env, text(env.ALGOLIA_INDEX_NAME) ?? 'tala-docs'),
  });
}
