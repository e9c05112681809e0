import { SEARCH_RECORDS_FILE } from '@tala/policy';
import { writeSearchRecords } from '../../search/search-index';
import { defineStep } from '../step';

/** The search records of every page the manifest lists, each tagged with the page's level. */
export const searchRecordsStep = defineStep({
  name: 'search records',
  reads: { files: [], data: ['docusaurus', 'levels', 'pageRecords'] },
  writes: { files: [`build/${SEARCH_RECORDS_FILE}`], data: [] },
  async run({ docusaurus, levels, pageRecords }) {
    const index = await writeSearchRecords(docusaurus.outDir, levels, pageRecords, docusaurus.siteConfig.url);
    return { summary: `${index.records} records from ${index.pages} pages`, data: {} };
  },
});
