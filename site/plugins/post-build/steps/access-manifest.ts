import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE, type AccessManifest, markdownFileOf } from '@tala/policy';
import { checkPages } from '../../access/manifest/check-pages';
import { AccessManifestError } from '../../access/manifest/errors';
import { defineStep } from '../step';

/**
 * `build/.access-manifest.json`: the gate serves nothing it does not list. Written once the pages
 * are checked: none loads a file its readers may not receive, and the reader's llms.txt (filtered
 * by route) lists no page the manifest gates as on-prem.
 */
export const accessManifestStep = defineStep({
  name: 'access manifest',
  reads: { files: [], data: ['docusaurus', 'llmsRoutes', 'levels', 'pageScans'] },
  writes: { files: [`build/${ACCESS_MANIFEST_FILE}`], data: [] },
  async run({ docusaurus, llmsRoutes, levels, pageScans }) {
    const { inlineScriptHashes } = checkPages(levels, pageScans);
    const tooHigh = (llmsRoutes.get('reader') ?? []).filter((route) => levels[markdownFileOf(route)] === 'onprem');
    if (tooHigh.length > 0) {
      throw new AccessManifestError(
        'BUILD_ERR_PAGE_NEEDS_GATED_FILE',
        `llms.txt (reader) lists on-prem pages:\n${tooHigh.map((route) => `  - ${route}`).join('\n')}`,
      );
    }
    const manifest: AccessManifest = { version: 1, files: levels, inlineScriptHashes };
    await writeFile(path.join(docusaurus.outDir, ACCESS_MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
    const counts = { public: 0, reader: 0, onprem: 0 };
    for (const level of Object.values(levels)) counts[level] += 1;
    const files = Object.keys(levels).length;
    return {
      summary: `${files} files (${counts.public} public, ${counts.reader} reader, ${counts.onprem} onprem), ${inlineScriptHashes.length} inline script hashes`,
      data: {},
    };
  },
});
