import { API_OPERATIONS_FILE, pageFileOf } from '@tala/policy';
import { writePageMarkdown } from '../../content/page-markdown';
import { defineStep } from '../step';

/**
 * Each documentation page's Markdown beside its HTML, for readers' AI assistants. Before the
 * manifest lists the build's files, so that it classifies them (each at its page's level).
 */
export const pageMarkdownStep = defineStep({
  name: 'page Markdown',
  reads: {
    files: ['build/**/index.html', 'site/**/*.json (API operation page data)'],
    data: ['docusaurus', 'content', 'pages'],
  },
  writes: { files: ['build/**/index.md', `build/${API_OPERATIONS_FILE}`], data: ['markdownPages'] },
  async run({ docusaurus, content, pages }) {
    const markdownPages = await writePageMarkdown({
      outDir: docusaurus.outDir,
      siteUrl: docusaurus.siteConfig.url,
      pageFiles: pages.filter((page) => !page.path.includes('*')).map((page) => pageFileOf(page.path)),
      pageSources: content.pageSources,
    });
    return { summary: `${markdownPages.size} pages`, data: { markdownPages } };
  },
});
