import { type AccessLevel, buildFiles, isMoreRestrictive, resolveTarget } from '@tala/policy';
import { AccessManifestError } from './errors';
import type { HtmlScan } from './html-scan';

/**
 * Every built page, from its scan (the page pass's, post-build/page-pass.ts): collects the
 * inline-script hashes for the Content-Security-Policy, and checks that no page needs a file its
 * readers may not receive (a page would break, or the classification is wrong). Both failures
 * name the page and the file; a listed page without a scan fails too (it was never checked).
 */
export function checkPages(
  levels: Readonly<Record<string, AccessLevel>>,
  scans: ReadonlyMap<string, HtmlScan>,
): { inlineScriptHashes: string[] } {
  const hashes = new Set<string>();
  const problems: string[] = [];
  // Resolved as the gate resolves requests (case, `.html`, `/index.html`, dot segments).
  const files = buildFiles(Object.keys(levels));
  for (const [file, pageLevel] of Object.entries(levels)) {
    if (!file.endsWith('.html')) continue;
    const scan = scans.get(file);
    if (scan === undefined) {
      problems.push(`build/${file} was not read by the page pass, so nothing it loads was checked`);
      continue;
    }
    for (const hash of scan.inlineScriptHashes) hashes.add(hash);
    for (const url of scan.subresources) {
      const target = resolveTarget(new URL(url, 'http://portal').pathname, files);
      const level = target.kind === 'file' ? levels[target.file] : undefined;
      if (level === undefined) problems.push(`build/${file} loads ${url}, which the build does not contain`);
      else if (isMoreRestrictive(level, pageLevel)) {
        problems.push(`build/${file} (${pageLevel}) loads ${url}, which is ${level}`);
      }
    }
  }
  if (problems.length > 0) {
    throw new AccessManifestError(
      'BUILD_ERR_PAGE_NEEDS_GATED_FILE',
      `Pages load files their readers may not receive:\n  - ${problems.join('\n  - ')}`,
    );
  }
  return { inlineScriptHashes: [...hashes].sort() };
}
