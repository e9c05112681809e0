import { SEARCH_RECORDS_FILE } from '@tala/policy';
import { indexSite } from '../../search/search-index';
import { defineStep } from '../step';

/** The search records of every page the manifest lists, each tagged with the page's level. */
export const searchRecordsStep = defineStep({
  name: 'search records',
  reads: { files: ['build/**/index.html'], data: ['docusaurus', 'levels'] },
  writes: { files: [`build/${SEARCH_RECORDS_FILE}`], data: [] },
  async run({ docusaurus, levels }) {
    const index = await indexSite(docusaurus.outDir, levels, docusaurus.siteConfig.url);
    return { summary: `${index.records} records from ${index.pages} pages`, data: {} };
  },
});
