import { type AccessLevel, fileLevel, routeAccess } from './access.ts';
import { ROUTE_ALIASES } from './routes.ts';

/**
 * The one path model: how a request path, a route and a build file name one another, and what
 * level a request's target has. The gate (every byte it sends), the build (classification, the
 * page check, the search indexer) and the client (on-prem links) all use it, so a spelling the gate
 * serves is a spelling the build checked. Pure functions, no Node.js imports: the client bundles it.
 *
 * Vocabulary: a *route* is a site path with leading and trailing slash (`/studio/build/`); a *file*
 * is a build-root-relative POSIX path (`studio/build/index.html`, `assets/js/main.1a2b.js`); a
 * *request path* is whatever arrives on the wire (`/Studio//build/../build/index.html`).
 */

const INDEX = 'index.html';
const MARKDOWN = 'index.md';
const ALIASES = new Map(Object.entries(ROUTE_ALIASES).map(([from, to]) => [from.toLowerCase(), to]));

/** `/studio/build/` → `studio/build/index.html`; `/` → `index.html`. */
export function pageFileOf(route: string): string {
  const stem = route.replace(/^\/+|\/+$/g, '');
  return stem === '' ? INDEX : `${stem}/${INDEX}`;
}

/** `/studio/build/` → `studio/build/index.md`: the page's Markdown, for AI assistants. */
export function markdownFileOf(route: string): string {
  return `${pageFileOf(route).slice(0, -INDEX.length)}${MARKDOWN}`;
}

/**
 * The route of a path a content plugin declares, written with or without the trailing slash
 * (docs permalinks `/studio/build`, a docs version's `/on-prem`) → `/studio/build/`, `/on-prem/`.
 */
export function routeOfPermalink(permalink: string): string {
  return routeOfPageFile(pageFileOf(permalink)) as string;
}

/** Whether a build file is a page (a route's `index.html`). */
export function isPageFile(file: string): boolean {
  return file === INDEX || file.endsWith(`/${INDEX}`);
}

/** `studio/build/index.html` → `/studio/build/`; null for files that are not pages. */
export function routeOfPageFile(file: string): string | null {
  return isPageFile(file) ? `/${file.slice(0, -INDEX.length)}` : null;
}

/** The route of an address path, without the deployment's pages prefix (`/docs/studio/` → `/studio/`). */
export function routeOf(pathname: string, pagesPrefix: string): string {
  return pagesPrefix !== '' && pathname.startsWith(`${pagesPrefix}/`) ? pathname.slice(pagesPrefix.length) : pathname;
}

/**
 * The address of a page's Markdown, from the page's address as the browser has it (with the pages
 * prefix, if the address carries it): `/studio/build/` → `/studio/build/index.md`; with prefix
 * `/docs`, `/docs/studio/build/` → `/docs/studio/build/index.md`. What the "Copy page" menu fetches.
 */
export function markdownPathOf(pathname: string, pagesPrefix: string): string {
  const route = routeOf(pathname, pagesPrefix);
  return `${pathname.slice(0, pathname.length - route.length)}/${markdownFileOf(route)}`;
}

/** Where an alias route points (case-insensitive, trailing slash optional), or null. */
export function aliasTarget(route: string): string | null {
  return ALIASES.get(route.toLowerCase().replace(/\/?$/, '/')) ?? null;
}

/**
 * The level of a route as the gate will decide it, aliases followed: what the client checks before
 * it navigates (an alias of an on-prem page is on-prem, though its own path is not under /on-prem/).
 */
export function routeLevel(route: string): AccessLevel {
  return routeAccess(aliasTarget(route) ?? route);
}

/** The site-relative path and hash of a URL (`https://docs.example.com/a/#b` → `/a/#b`). */
export function sitePath(url: string): string {
  const parsed = new URL(url, 'http://site.invalid');
  return `${parsed.pathname}${parsed.hash}`;
}

/**
 * Decodes a request path once and resolves it: backslashes are slashes (browsers treat them so),
 * `.` and `..` resolve against the root (never above it), runs of slashes collapse, a trailing
 * slash is kept. Null when it cannot be decoded or holds a NUL byte.
 */
export function normalisePath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const slashes = decoded.replace(/\\/g, '/');
  const segments: string[] = [];
  for (const segment of slashes.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = slashes.endsWith('/') && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/** The files of a build, looked up as the gate looks them up: case-insensitively. */
export interface BuildFiles {
  /** The file as built, for any spelling of its name in another case; undefined when absent. */
  canonical(file: string): string | undefined;
}

export function buildFiles(files: Iterable<string>): BuildFiles {
  const byLowerCase = new Map<string, string>();
  for (const file of files) byLowerCase.set(file.toLowerCase(), file);
  return { canonical: (file) => byLowerCase.get(file.toLowerCase()) };
}

/**
 * What a request path designates, after normalisation (`..`, `.`, double slashes,
 * percent-encoding, backslashes, case, `.html`, `/index.html`, missing trailing slash). Access is
 * decided on this, never on the raw path; `canonicalPath` is where a non-canonical spelling redirects.
 */
export type Target =
  | { kind: 'file'; file: string; canonicalPath: string; isPage: boolean }
  | { kind: 'alias'; canonicalPath: string }
  | { kind: 'unknown'; canonicalPath: string; looksLikePage: boolean }
  | { kind: 'malformed' };

export function resolveTarget(rawPath: string, files: BuildFiles): Target {
  const normalised = normalisePath(rawPath);
  if (normalised === null) return { kind: 'malformed' };
  const alias = aliasTarget(normalised);
  if (alias) return { kind: 'alias', canonicalPath: alias };
  const asPage = (file: string): Target => ({
    kind: 'file',
    file,
    canonicalPath: routeOfPageFile(file) as string,
    isPage: true,
  });

  const relative = normalised.slice(1);
  // `/x/index.html` and `/x.html` name the page `/x/`.
  const pageStem = relative.endsWith(INDEX)
    ? relative.slice(0, -INDEX.length)
    : relative.endsWith('.html')
      ? `${relative.slice(0, -'.html'.length)}/`
      : relative.endsWith('/') || relative === ''
        ? relative
        : null;
  if (pageStem !== null) {
    const page = files.canonical(`${pageStem}${INDEX}`);
    if (page && isPageFile(page)) return asPage(page);
  }
  // `/x.md` names the page's Markdown `x/index.md` (the llmstxt.org convention), served there.
  const lower = relative.toLowerCase();
  if (lower.endsWith('.md') && !lower.endsWith(`/${MARKDOWN}`) && lower !== MARKDOWN) {
    const markdown = files.canonical(`${relative.slice(0, -'.md'.length)}/${MARKDOWN}`);
    if (markdown) {
      return {
        kind: 'file',
        file: markdown,
        canonicalPath: `/${markdown.slice(0, -`/${MARKDOWN}`.length)}.md`,
        isPage: false,
      };
    }
  }
  if (!relative.endsWith('/')) {
    const file = files.canonical(relative);
    if (file && !file.endsWith('.html')) return { kind: 'file', file, canonicalPath: `/${file}`, isPage: false };
    const page = files.canonical(`${relative}/${INDEX}`);
    if (page) return asPage(page);
  }
  // No extension (a dot after the first character of the last segment, as path.extname has it).
  const last = normalised.slice(normalised.lastIndexOf('/') + 1);
  const looksLikePage = normalised.endsWith('/') || last.endsWith('.html') || last.lastIndexOf('.') <= 0;
  return { kind: 'unknown', canonicalPath: normalised, looksLikePage };
}

/**
 * The level a target needs. A file has its manifest level (a file the manifest does not list is
 * treated as on-prem: never sent to someone the check did not clear); an alias is public (its 301
 * reveals only where it points); anything unknown needs a signed-in reader, so that even a 404
 * tells an anonymous visitor nothing about what exists.
 */
export function targetLevel(
  target: Exclude<Target, { kind: 'malformed' }>,
  levelOf: (file: string) => AccessLevel | undefined,
): AccessLevel {
  if (target.kind === 'file') return fileLevel(target.file, levelOf);
  return target.kind === 'alias' ? 'public' : 'reader';
}
