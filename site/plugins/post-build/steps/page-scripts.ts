import { addPageScripts } from '../../performance/page-scripts';
import { defineStep } from '../step';

/** Each page's chunks listed in its HTML; before the manifest's page check, which reads them. */
export const pageScriptsStep = defineStep({
  name: 'page scripts',
  reads: { files: ['build/**/index.html'], data: ['docusaurus', 'pages', 'bundle'] },
  writes: { files: ['build/**/index.html'], data: [] },
  async run({ docusaurus, pages, bundle }) {
    const { outDir, siteConfig } = docusaurus;
    const { routesChunkNames, chunkGraph } = bundle;
    const count = await addPageScripts({ outDir, baseUrl: siteConfig.baseUrl, pages, routesChunkNames, chunkGraph });
    return { summary: `${count} pages list their chunks`, data: {} };
  },
});
