import path from 'node:path';
import { ROUTE_ALIASES } from '@tala/policy';
import type { LoadedManifest } from './manifest.ts';

/**
 * What a request path designates, after normalisation (`..`, `.`, double slashes, percent-encoding,
 * backslashes, case, `.html`, `/index.html`, missing trailing slash). The gate checks access on the
 * result, never on the raw path, and redirects to `canonicalPath` when the request spelled it otherwise.
 */
export type Resolution =
  | { kind: 'file'; file: string; canonicalPath: string; isPage: boolean }
  | { kind: 'alias'; canonicalPath: string }
  | { kind: 'unknown'; canonicalPath: string; looksLikePage: boolean }
  | { kind: 'malformed' };

/** Decodes and normalises a URL path; null when it cannot be decoded or holds a NUL byte. */
export function normalisePath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const slashes = decoded.replace(/\\/g, '/');
  const normalised = path.posix.resolve('/', slashes);
  const trailing = slashes.endsWith('/') && normalised !== '/' ? '/' : '';
  return `${normalised}${trailing}`;
}

const ALIASES = new Map(Object.entries(ROUTE_ALIASES).map(([from, to]) => [from.toLowerCase(), to]));

const isHtmlPage = (file: string) => file === 'index.html' || file.endsWith('/index.html');

export function resolvePath(rawPath: string, manifest: LoadedManifest): Resolution {
  const normalised = normalisePath(rawPath);
  if (normalised === null) return { kind: 'malformed' };
  const lookup = (file: string) => manifest.canonical.get(file.toLowerCase());
  const asPage = (file: string): Resolution => ({
    kind: 'file',
    file,
    canonicalPath: `/${file.slice(0, -'index.html'.length)}`,
    isPage: true,
  });

  const alias = ALIASES.get(normalised.toLowerCase().replace(/\/?$/, '/'));
  if (alias) return { kind: 'alias', canonicalPath: alias };

  const relative = normalised.slice(1);
  // `/x/index.html` and `/x.html` name the page `/x/`.
  const pageStem = relative.endsWith('index.html')
    ? relative.slice(0, -'index.html'.length)
    : relative.endsWith('.html')
      ? `${relative.slice(0, -'.html'.length)}/`
      : relative.endsWith('/') || relative === ''
        ? relative
        : null;
  if (pageStem !== null) {
    const page = lookup(`${pageStem}index.html`);
    if (page && isHtmlPage(page)) return asPage(page);
  }
  if (!relative.endsWith('/')) {
    const file = lookup(relative);
    if (file && !isHtmlPage(file) && !file.endsWith('.html')) {
      return { kind: 'file', file, canonicalPath: `/${file}`, isPage: false };
    }
    const page = lookup(`${relative}/index.html`);
    if (page) return asPage(page);
  }
  const looksLikePage = normalised.endsWith('/') || normalised.endsWith('.html') || !path.posix.extname(normalised);
  return { kind: 'unknown', canonicalPath: normalised, looksLikePage };
}
