import { ROLES } from './roles.ts';
import { LOGIN_ROUTE, NOT_FOUND_FILE } from './routes.ts';

/**
 * Who may see what. Pure data and pure functions, no I/O: the site build (access manifest),
 * the gate server, the search indexer and the client all import this one module.
 *
 * - `public`: anyone, signed in or not (the login screen and exactly what it needs).
 * - `reader`: any signed-in reader.
 * - `onprem`: a signed-in reader holding `Documentation.Onprem`.
 */
export type AccessLevel = 'public' | 'reader' | 'onprem';

export const ACCESS_LEVELS: readonly AccessLevel[] = ['public', 'reader', 'onprem'];

/** The signed-in reader as the gate sees them; `null` means anonymous. */
export interface Identity {
  /** Display name, or null when there is no account (skipAuthentication). */
  readonly name: string | null;
  /** Sign-in name (`preferred_username`), when the provider gives one. */
  readonly username?: string | null;
  readonly roles: readonly string[];
}

interface RouteRule {
  /** Matched case-insensitively against a normalised path, so `/ON-PREM/` is still on-prem. */
  readonly prefix: string;
  /** When true the path must equal the prefix. */
  readonly exact?: boolean;
  readonly level: AccessLevel;
}

/** First match wins. Everything not listed needs a signed-in reader (default deny for anonymous). */
export const ROUTE_RULES: readonly RouteRule[] = [
  { prefix: LOGIN_ROUTE, exact: true, level: 'public' },
  { prefix: '/on-prem/', level: 'onprem' },
  { prefix: '/', level: 'reader' },
];

/**
 * Files copied verbatim from `site/static/` have no route that needs them, so their access is
 * declared here by path (relative to the build root). A static file matching no rule fails the build.
 */
export const STATIC_FILE_RULES: readonly { readonly pattern: RegExp; readonly level: AccessLevel }[] = [
  // Logo and favicon: the login screen shows them to anonymous visitors.
  { pattern: /^img\/(logo|favicon)[\w.-]*\.(svg|png|ico)$/, level: 'public' },
  { pattern: /^on-prem\//, level: 'onprem' },
  { pattern: /^(img|files)\//, level: 'reader' },
];

/**
 * Files written by the build that are neither pages nor bundler output.
 * The sitemap lists no on-prem URL (the sitemap plugin ignores them) but still names every reader page.
 */
export const GENERATED_FILE_RULES: readonly { readonly path: string; readonly level: AccessLevel }[] = [
  { path: NOT_FOUND_FILE, level: 'reader' },
  { path: 'sitemap.xml', level: 'reader' },
  // The search theme's OpenSearch description: names the portal's search page.
  { path: 'opensearch.xml', level: 'reader' },
  // The llms.txt index and all pages' Markdown in one file (llmstxt.org): one pair per level a
  // reader can hold, each listing only the pages of that level and below.
  { path: 'llms.txt', level: 'reader' },
  { path: 'llms-full.txt', level: 'reader' },
  { path: 'on-prem/llms.txt', level: 'onprem' },
  { path: 'on-prem/llms-full.txt', level: 'onprem' },
];

/**
 * Files that exist in one version per level: a request for the key is answered, for a reader who
 * may read on-prem content, with the value (the version that also lists the on-prem pages). Both
 * versions keep their own manifest level, so the swap can only widen what an on-prem reader gets.
 */
export const ONPREM_VARIANT_FILES: Readonly<Record<string, string>> = Object.freeze({
  'llms.txt': 'on-prem/llms.txt',
  'llms-full.txt': 'on-prem/llms-full.txt',
});

/**
 * The version of a per-level file (ONPREM_VARIANT_FILES) for a reader who may read on-prem
 * content, or null when `file` has none or the reader may not. Whether the reader may receive that
 * version is still decided on its own level (server/src/access/open.ts).
 */
export function onpremVariantOf(file: string, identity: Identity | null): string | null {
  const variant = ONPREM_VARIANT_FILES[file];
  return variant !== undefined && mayAccess(identity, 'onprem') ? variant : null;
}

/** Access level of a route path (already normalised: leading and trailing slash). */
export function routeAccess(routePath: string): AccessLevel {
  const lower = routePath.toLowerCase();
  for (const rule of ROUTE_RULES) {
    const prefix = rule.prefix.toLowerCase();
    if (rule.exact ? lower === prefix : lower.startsWith(prefix)) return rule.level;
  }
  return 'reader';
}

/** Whether this identity may receive content of the given level. */
export function mayAccess(identity: Identity | null, level: AccessLevel): boolean {
  switch (level) {
    case 'public':
      return true;
    case 'reader':
      return identity !== null;
    case 'onprem':
      return identity?.roles.includes(ROLES.onprem) === true;
  }
}

/** The levels this identity may read, least restrictive first: what search filters records by. */
export function readableLevels(identity: Identity | null): AccessLevel[] {
  return ACCESS_LEVELS.filter((level) => mayAccess(identity, level));
}

/** Whether `a` is more restrictive than `b` (the order of ACCESS_LEVELS: public, reader, onprem). */
export function isMoreRestrictive(a: AccessLevel, b: AccessLevel): boolean {
  return ACCESS_LEVELS.indexOf(a) > ACCESS_LEVELS.indexOf(b);
}

/** The least restrictive of two levels: a file that two routes need is open to whoever may read either. */
export function leastRestrictive(a: AccessLevel, b: AccessLevel): AccessLevel {
  return isMoreRestrictive(a, b) ? b : a;
}

/**
 * The level of a build file by the manifest: a file the manifest does not list is on-prem, so it
 * is never sent to someone the build's check did not clear.
 */
export function fileLevel(file: string, levelOf: (file: string) => AccessLevel | undefined): AccessLevel {
  return levelOf(file) ?? 'onprem';
}

export function isAccessLevel(value: unknown): value is AccessLevel {
  return typeof value === 'string' && (ACCESS_LEVELS as readonly string[]).includes(value);
}
