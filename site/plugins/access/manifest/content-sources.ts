import path from 'node:path';
import type { AllContent } from '@docusaurus/types';
import { routeAccess, routeOfPermalink } from '@tala/policy';
import { AccessManifestError } from './errors';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** A docs plugin version, as its loaded content describes it (only what is read here). */
interface DocsVersion {
  path: string;
  contentPath: string;
  /** Set when the locale has a translated copy (i18n/<locale>/...). */
  contentPathLocalized?: string;
}

function isDocsVersion(value: unknown): value is DocsVersion {
  return isObject(value) && typeof value.path === 'string' && typeof value.contentPath === 'string';
}

/**
 * The content folders whose pages the policy gates as on-prem: those of every docs plugin version
 * served under an on-prem route (the on-prem instance's `path` option, and its translations). Read
 * from the loaded content, not from a folder name, so that moving the folder moves the check.
 */
export function onPremContentFolders(allContent: AllContent): string[] {
  const versions = Object.values(allContent)
    .flatMap((instances) => Object.values(instances ?? {}))
    .flatMap((content) => (isObject(content) && Array.isArray(content.loadedVersions) ? content.loadedVersions : []))
    .filter(isDocsVersion);
  const folders = versions
    .filter((version) => routeAccess(routeOfPermalink(version.path)) === 'onprem')
    .flatMap((version) => [version.contentPath, version.contentPathLocalized ?? []].flat());
  if (folders.length === 0) {
    // Without a folder the on-prem import check would prove nothing: refuse rather than pass.
    throw new AccessManifestError('BUILD_ERR_BUILD_INPUT', 'No docs plugin instance serves on-prem routes');
  }
  return [...new Set(folders)];
}

/**
 * Route → source file of each page a content plugin declares (docs, pages, blog posts all carry
 * `permalink` and `source`), to name the page in errors and to find a generated page's data.
 * Keyed by route: docs permalinks have no trailing slash, the built routes do. `@site/` is
 * resolved against siteDir.
 */
export function pageSourceFiles(allContent: AllContent, siteDir: string): Map<string, string> {
  const sources = new Map<string, string>();
  const seen = new WeakSet<object>();
  const visit = (value: unknown) => {
    if (!isObject(value) || seen.has(value)) return;
    seen.add(value);
    const { permalink, source } = value;
    if (typeof permalink === 'string' && typeof source === 'string') {
      sources.set(routeOfPermalink(permalink), path.resolve(siteDir, source.replace(/^@site\//, '')));
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(allContent);
  return sources;
}
