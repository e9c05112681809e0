import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { llmsFiles, llmsPaths } from '../../content/page-markdown/llms-txt';
import { defineStep } from '../step';

const LEVELS = ['reader', 'onprem'] as const;

/** The llms.txt pair of each reader level (llmstxt.org), from the pages' Markdown. */
export const llmsTxtStep = defineStep({
  name: 'llms.txt',
  reads: { files: [], data: ['docusaurus', 'content', 'markdownPages'] },
  writes: {
    files: LEVELS.flatMap((level) => Object.values(llmsPaths(level)).map((file) => `build/${file}`)),
    data: ['llmsRoutes'],
  },
  async run({ docusaurus, content, markdownPages }) {
    const { siteConfig, outDir } = docusaurus;
    const llmsRoutes = new Map<'reader' | 'onprem', string[]>();
    for (const level of LEVELS) {
      const llms = llmsFiles({
        siteTitle: siteConfig.title,
        // The home page's description says what Tala is and what the docs cover.
        summary: markdownPages.get('/')?.description || siteConfig.tagline,
        siteUrl: siteConfig.url,
        level,
        sections: content.sections,
        pages: markdownPages,
      });
      const target = llmsPaths(level);
      await writeFile(path.join(outDir, target.index), llms.index);
      await writeFile(path.join(outDir, target.full), llms.full);
      llmsRoutes.set(level, llms.routes);
    }
    const listed = LEVELS.map(
      (level) => `${llmsRoutes.get(level)?.length} pages for ${level === 'reader' ? 'readers' : 'on-prem readers'}`,
    );
    return { summary: listed.join(', '), data: { llmsRoutes } };
  },
});
