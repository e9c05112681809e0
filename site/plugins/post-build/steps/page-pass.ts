import { API_OPERATIONS_FILE } from '@tala/policy';
import { readBuiltPages } from '../page-pass';
import { defineStep } from '../step';

/**
 * Every built page read once (page-pass.ts): its scan and search records for the steps after, and
 * each documentation page's Markdown beside its HTML, for readers' AI assistants. After the page
 * scripts (the HTML is final), before the manifest lists the build's files (it classifies the
 * Markdown, each at its page's level).
 */
export const pagePassStep = defineStep({
  name: 'page pass',
  reads: {
    files: ['build/**/*.html', 'site/**/*.json (API operation page data)'],
    data: ['docusaurus', 'content', 'pages'],
  },
  writes: {
    files: ['build/**/index.md', `build/${API_OPERATIONS_FILE}`],
    data: ['markdownPages', 'pageScans', 'pageRecords'],
  },
  async run({ docusaurus, content, pages }) {
    const site = { outDir: docusaurus.outDir, siteUrl: docusaurus.siteConfig.url };
    const built = await readBuiltPages(site, pages, content.pageSources);
    const records = [...built.records.values()].reduce((sum, ofPage) => sum + ofPage.length, 0);
    return {
      summary: `${built.scans.size} pages read, ${built.markdownPages.size} as Markdown, ${records} search records`,
      data: { markdownPages: built.markdownPages, pageScans: built.scans, pageRecords: built.records },
    };
  },
});
