import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AuthSettings, loadAuthSettings } from './auth/settings.ts';
import { type Env, readGateEnvironment } from './env.ts';
import { ConfigError } from './errors.ts';
import { type TracingSettings, tracingSettings } from './ops/tracing.ts';
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
  /** MCP requests per reader (all their assistants together) and minute (server/src/mcp/). */
  readonly mcpCallsPerMinute: number;
  /** Questions to `POST /api/ask` per reader (account) and minute (server/src/ask/). */
  readonly askPerMinute: number;
  /** Shared state of several replicas (revoked sessions, rate limits); null keeps it in this process. */
  readonly redisUrl: string | null;
  /** Prometheus `/metrics` on this port (same interface as HOST); null: no metrics endpoint. */
  readonly metricsPort: number | null;
  /** How long a shutdown waits for in-flight requests before the process exits anyway. */
  readonly shutdownTimeoutMs: number;
  /** Mean event-loop delay above which new requests get 503 (protect/load-shedding.ts); 0: never. */
  readonly shedEventLoopDelayMs: number;
  /** OpenTelemetry traces to an OTLP endpoint (ops/tracing.ts); null: off, no OpenTelemetry code loaded. */
  readonly tracing: TracingSettings | null;
}

const DEFAULT_BUILD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/build');

/** `true`/`false`, a hop count (`1`), or addresses (`10.0.0.0/8,127.0.0.1`), as Fastify takes them. */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^[\d.:a-f/,\s]+$/i.test(value) && /[.:]/.test(value)) return value.replace(/\s+/g, '');
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^(false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`TRUST_PROXY must be true or false, a hop count or proxy addresses, got "${value}".`);
}

export type Environment = 'production' | 'development';

/**
 * Reads the gate's variables (@tala/policy/environment checks each: kinds, ranges, defaults), then
 * the rules between them. ENVIRONMENT is exactly `production` or `development` (any case): a
 * deployer who writes `prod` must not get a development portal while believing it is production.
 */
export function loadConfig(env: Env = process.env): GateConfig {
  const vars = readGateEnvironment(env);
  const environment = vars.ENVIRONMENT;
  if (vars.SKIP_AUTHENTICATION && environment === 'production') {
    throw new ConfigError(
      'SKIP_AUTHENTICATION is refused when ENVIRONMENT=production: it would let anyone read every page.',
    );
  }
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  const pagesPrefix = vars.PAGES_PREFIX.replace(/\/+$/, '');
  return Object.freeze({
    host: vars.HOST,
    port: vars.PORT,
    buildDir: path.resolve(vars.BUILD_DIR ?? DEFAULT_BUILD_DIR),
    environment,
    skipAuthentication: vars.SKIP_AUTHENTICATION,
    trustProxy: trustProxyOf(vars.TRUST_PROXY),
    logLevel: vars.LOG_LEVEL,
    runtimeConfig: Object.freeze({
      msalClientId: vars.MSAL_CLIENT_ID ?? null,
      msalAuthority: vars.MSAL_AUTHORITY ?? null,
      msalTenantName: vars.MSAL_TENANT_NAME ?? null,
      msalTenantId: vars.MSAL_TENANT_ID ?? null,
      algoliaIndexName: vars.ALGOLIA_INDEX_NAME,
    }),
    requestAccessUrl: vars.REQUEST_ACCESS_URL ?? null,
    publicUrl,
    pagesPrefix,
    auth: loadAuthSettings(vars, { publicUrl, pagesPrefix }),
    search: loadSearchSettings(vars),
    mcpCallsPerMinute: vars.MCP_CALLS_PER_MINUTE,
    askPerMinute: vars.ASK_RATE_PER_MINUTE,
    redisUrl: vars.REDIS_URL ?? null,
    metricsPort: vars.METRICS_PORT ?? null,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT * 1000,
    shedEventLoopDelayMs: vars.SHED_EVENT_LOOP_DELAY_MS,
    tracing: tracingSettings(vars),
  });
}
