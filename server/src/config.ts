import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTAL_DEFAULTS } from '@tala/policy';
import { type AuthSettings, loadAuthSettings, parseDuration } from './auth/settings.ts';
import { bool, type Env, optionalHttpUrl, port, text, wholeNumber } from './env.ts';
import { ConfigError } from './errors.ts';
import { loadSearchSettings, type SearchSettings } from './search/settings.ts';

/** The gate's configuration, read once from the environment, validated, then frozen. */
export interface GateConfig {
  readonly host: string;
  readonly port: number;
  /** The Docusaurus build output served by the gate (with its `.access-manifest.json`). */
  readonly buildDir: string;
  /** `production` forbids development conveniences (skipAuthentication, the embedded provider). */
  readonly environment: Environment;
  /** Seed (spec/seed.md §4): outside production, every request is a reader holding the on-prem role. */
  readonly skipAuthentication: boolean;
  /**
   * Trust `X-Forwarded-*` (https detection, client addresses for rate limits): from any peer
   * (`true`), from this many hops, or from these addresses/CIDRs only — Fastify's `trustProxy`.
   */
  readonly trustProxy: boolean | number | string;
  readonly logLevel: string;
  /** `/api/config` (spec/seed.md §7). */
  readonly runtimeConfig: {
    readonly msalClientId: string | null;
    readonly msalAuthority: string | null;
    readonly msalTenantName: string | null;
    readonly msalTenantId: string | null;
    readonly algoliaIndexName: string;
  };
  /** `/api/request-access-url` (spec/seed.md §7). */
  readonly requestAccessUrl: string | null;
  /** The portal's external origin, e.g. https://docs.example.com (redirect URIs, Secure cookies). */
  readonly publicUrl: string;
  /** Path prefix of the pages (build-time PAGES_PREFIX); logout lands on `{pagesPrefix}/Login/`. */
  readonly pagesPrefix: string;
  /** How readers are identified. */
  readonly auth: AuthSettings;
  readonly search: SearchSettings;
  /** Shared state of several replicas (revoked sessions, rate limits); null keeps it in this process. */
  readonly redisUrl: string | null;
  /** Prometheus `/metrics` on this port (same interface as HOST); null: no metrics endpoint. */
  readonly metricsPort: number | null;
  /** How long a shutdown waits for in-flight requests before the process exits anyway. */
  readonly shutdownTimeoutMs: number;
  /** Mean event-loop delay above which new requests get 503 (protect/load-shedding.ts); 0: never. */
  readonly shedEventLoopDelayMs: number;
}

const DEFAULT_BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/build');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** `true`/`false`, a hop count (`1`), or addresses (`10.0.0.0/8,127.0.0.1`), as Fastify takes them. */
function trustProxyOf(env: Env): boolean | number | string {
  const value = text(env.TRUST_PROXY);
  if (value === null) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[\d.:a-f/,\s]+$/i.test(value) && /[.:]/.test(value)) return value.replace(/\s+/g, '');
  return bool(env, 'TRUST_PROXY');
}

export type Environment = 'production' | 'development';

/**
 * Exactly `production` or `development` (any case). Anything else is refused: a deployer who
 * writes `prod` or `Production` must not get a development portal (password-less demo accounts,
 * random secrets) while believing it is production.
 */
function environmentOf(env: Env): Environment {
  const value = (text(env.ENVIRONMENT) ?? 'development').toLowerCase();
  if (value === 'production' || value === 'development') return value;
  throw new ConfigError(`ENVIRONMENT must be "production" or "development", got "${env.ENVIRONMENT}".`);
}

function redisUrl(env: Env): string | null {
  const value = text(env.REDIS_URL);
  if (value === null) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'redis:' || url.protocol === 'rediss:') return value;
  } catch {
    // reported below
  }
  // The value may hold a password: not echoed.
  throw new ConfigError('REDIS_URL must be a redis:// or rediss:// URL.');
}

export function loadConfig(env: Env = process.env): GateConfig {
  const listenPort = port(env, 'PORT', PORTAL_DEFAULTS.port);
  const logLevel = text(env.LOG_LEVEL) ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const environment = environmentOf(env);
  const skipAuthentication = bool(env, 'SKIP_AUTHENTICATION');
  if (skipAuthentication && environment === 'production') {
    throw new ConfigError(
      'SKIP_AUTHENTICATION is refused when ENVIRONMENT=production: it would let anyone read every page.',
    );
  }
  const publicUrl = (optionalHttpUrl(env, 'PUBLIC_URL') ?? `http://localhost:${listenPort}`).replace(/\/+$/, '');
  const pagesPrefix = (text(env.PAGES_PREFIX) ?? '').replace(/\/+$/, '');
  if (pagesPrefix !== '' && !/^\/[\w\-/]*$/.test(pagesPrefix)) {
    throw new ConfigError(`PAGES_PREFIX must be a path such as /docs, got "${env.PAGES_PREFIX}".`);
  }
  const host = text(env.HOST) ?? '127.0.0.1';
  return Object.freeze({
    host,
    port: listenPort,
    buildDir: path.resolve(text(env.BUILD_DIR) ?? DEFAULT_BUILD_DIR),
    environment,
    skipAuthentication,
    trustProxy: trustProxyOf(env),
    logLevel,
    runtimeConfig: Object.freeze({
      msalClientId: text(env.MSAL_CLIENT_ID),
      msalAuthority: optionalHttpUrl(env, 'MSAL_AUTHORITY'),
      msalTenantName: text(env.MSAL_TENANT_NAME),
      msalTenantId: text(env.MSAL_TENANT_ID),
      algoliaIndexName: text(env.ALGOLIA_INDEX_NAME) ?? PORTAL_DEFAULTS.search.indexName,
    }),
    requestAccessUrl: optionalHttpUrl(env, 'REQUEST_ACCESS_URL'),
    publicUrl,
    pagesPrefix,
    auth: loadAuthSettings(env, { environment, skipAuthentication, publicUrl, pagesPrefix, host }),
    search: loadSearchSettings(env, text(env.ALGOLIA_INDEX_NAME) ?? PORTAL_DEFAULTS.search.indexName),
    redisUrl: redisUrl(env),
    metricsPort: text(env.METRICS_PORT) === null ? null : port(env, 'METRICS_PORT', 0),
    shutdownTimeoutMs: parseDuration('SHUTDOWN_TIMEOUT', env.SHUTDOWN_TIMEOUT, 10) * 1000,
    shedEventLoopDelayMs: wholeNumber(env, 'SHED_EVENT_LOOP_DELAY_MS', 1000, { unit: 'milliseconds' }),
  });
}
