/**
 * Build-time custom fields (spec/seed.md §3). Outside production the client uses these; with
 * ENVIRONMENT=production it reads `/api/config` and `/api/request-access-url` at run time instead,
 * so one build can be deployed to any tenant.
 */
import { BUILD_VARIABLES, type Env, EnvironmentError, readEnvironment, type Settings } from '@tala/policy/environment';
import { BuildError } from '../plugins/build-errors';
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

/** The build's variables, checked by the same schema as the gate's (@tala/policy/environment). */
export function buildTimeCustomFields(env: Env): TalaCustomFields {
  const vars = buildVariables(env);
  return {
    clientId: vars.MSAL_CLIENT_ID ?? null,
    authority: vars.MSAL_AUTHORITY ?? null,
    tenantName: vars.MSAL_TENANT_NAME ?? null,
    tenantId: vars.MSAL_TENANT_ID ?? null,
    redirectUri: vars.REDIRECT_URI ?? null,
    pagesPrefix: vars.PAGES_PREFIX.replace(/\/+$/, ''),
    skipAuthentication: vars.SKIP_AUTHENTICATION,
    ENVIRONMENT: vars.ENVIRONMENT,
    REQUEST_ACCESS_URL: vars.REQUEST_ACCESS_URL ?? null,
    algoliaIndexName: vars.ALGOLIA_INDEX_NAME,
    searchMissingResultsUrl: vars.SEARCH_MISSING_RESULTS_URL ?? null,
  };
}

export function buildVariables(env: Env): Settings<(typeof BUILD_VARIABLES)[number]> {
  try {
    return readEnvironment(env, BUILD_VARIABLES);
  } catch (error) {
    if (error instanceof EnvironmentError) throw new BuildError('BUILD_ERR_CONFIG', error.message, { cause: error });
    throw error;
  }
}
