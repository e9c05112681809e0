/**
 * Build-time custom fields (spec/seed.md §3). Outside production the client uses these; with
 * ENVIRONMENT=production it reads `/api/config` and `/api/request-access-url` at run time instead,
 * so one build can be deployed to any tenant.
 */
import { PORTAL_DEFAULTS } from '@tala/policy';
export interface TalaCustomFields {
  [key: string]: unknown;
  clientId: string | null;
  authority: string | null;
  tenantName: string | null;
  tenantId: string | null;
  redirectUri: string | null;
  /** Prefix under which the portal's pages are served (e.g. `/docs`), or '' at the root. */
  pagesPrefix: string;
  skipAuthentication: boolean;
  ENVIRONMENT: string;
  REQUEST_ACCESS_URL: string | null;
  algoliaIndexName: string;
  /** Where "Believe this query should return results? Let us know." points (query appended as q). */
  searchMissingResultsUrl: string | null;
}

type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (value: string | undefined): string | null =>
  value !== undefined && value.trim() !== '' ? value.trim() : null;

export function parseBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

export function buildTimeCustomFields(env: Env): TalaCustomFields {
  const pagesPrefix = (env.PAGES_PREFIX ?? '').replace(/\/+$/, '');
  if (pagesPrefix !== '' && !/^\/[\w\-/]*$/.test(pagesPrefix)) {
    throw new Error(`PAGES_PREFIX must be a path such as /docs, got "${env.PAGES_PREFIX}"`);
  }
  return {
    clientId: nonEmpty(env.MSAL_CLIENT_ID),
    authority: nonEmpty(env.MSAL_AUTHORITY),
    tenantName: nonEmpty(env.MSAL_TENANT_NAME),
    tenantId: nonEmpty(env.MSAL_TENANT_ID),
    redirectUri: nonEmpty(env.REDIRECT_URI),
    pagesPrefix,
    skipAuthentication: parseBoolean('SKIP_AUTHENTICATION', env.SKIP_AUTHENTICATION),
    ENVIRONMENT: nonEmpty(env.ENVIRONMENT) ?? 'development',
    REQUEST_ACCESS_URL: nonEmpty(env.REQUEST_ACCESS_URL),
    algoliaIndexName: nonEmpty(env.ALGOLIA_INDEX_NAME) ?? PORTAL_DEFAULTS.search.indexName,
    searchMissingResultsUrl: nonEmpty(env.SEARCH_MISSING_RESULTS_URL),
  };
}
