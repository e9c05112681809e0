/**
 * Runtime configuration (spec/seed.md §3, §7, §8). Plain functions with injected `fetch`, so they are
 * tested without a browser; the React hooks in `./hooks` wire them to the site's custom fields.
 */
import type { TalaCustomFields } from '../../config/custom-fields';

/** Shape of `GET /api/config` (spec/seed.md §7). */
export interface RuntimeConfig {
  msalClientId: string | null;
  msalAuthority: string | null;
  msalTenantName: string | null;
  msalTenantId: string | null;
  algoliaIndexName: string | null;
}

type Fetch = (
  url: string,
  init?: { headers?: Record<string, string> },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

interface Logger {
  error(...args: unknown[]): void;
}

export const isProduction = (fields: Pick<TalaCustomFields, 'ENVIRONMENT'>): boolean =>
  fields.ENVIRONMENT === 'production';

/** The build-time values, in the runtime shape. */
export function buildTimeConfig(fields: TalaCustomFields): RuntimeConfig {
  return {
    msalClientId: fields.clientId,
    msalAuthority: fields.authority,
    msalTenantName: fields.tenantName,
    msalTenantId: fields.tenantId,
    algoliaIndexName: fields.algoliaIndexName,
  };
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * In production, `GET {prefix}/api/config`; otherwise the build-time fields. A failed fetch is
 * logged and yields null (spec/seed.md §8): sign-in then reports that no configuration is available.
 */
export async function loadRuntimeConfig(
  fields: TalaCustomFields,
  fetchImpl: Fetch,
  logger: Logger = console,
): Promise<RuntimeConfig | null> {
  if (!isProduction(fields)) return buildTimeConfig(fields);
  try {
    const response = await fetchImpl(`${fields.pagesPrefix}/api/config`, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    return {
      msalClientId: stringOrNull(body.msalClientId),
      msalAuthority: stringOrNull(body.msalAuthority),
      msalTenantName: stringOrNull(body.msalTenantName),
      msalTenantId: stringOrNull(body.msalTenantId),
      algoliaIndexName: stringOrNull(body.algoliaIndexName),
    };
  } catch (error) {
    logger.error('Failed to load the runtime configuration', error);
    return null;
  }
}

/**
 * The 'Request Access' link: in production from `GET {prefix}/api/request-access-url`, falling back
 * to the build-time REQUEST_ACCESS_URL when that call fails or answers non-OK (spec/seed.md §8).
 */
export async function loadRequestAccessUrl(
  fields: TalaCustomFields,
  fetchImpl: Fetch,
  logger: Logger = console,
): Promise<string | null> {
  const fallback = fields.REQUEST_ACCESS_URL;
  if (!isProduction(fields)) return fallback;
  try {
    const response = await fetchImpl(`${fields.pagesPrefix}/api/request-access-url`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) {
      logger.error(`GET /api/request-access-url answered ${response.status}; using the build-time URL`);
      return fallback;
    }
    const body = (await response.json()) as { requestAccessURL?: unknown };
    return stringOrNull(body.requestAccessURL) ?? fallback;
  } catch (error) {
    logger.error('Failed to load the request-access URL; using the build-time URL', error);
    return fallback;
  }
}
