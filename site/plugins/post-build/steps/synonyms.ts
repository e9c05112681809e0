import { SEARCH_SYNONYMS_FILE } from '@tala/policy';
import { copySynonyms, SYNONYMS_SOURCE } from '../../search/search-index/synonyms';
import { defineStep } from '../step';

/** The search synonyms docs writers keep, checked, next to the records. */
export const synonymsStep = defineStep({
  name: 'search synonyms',
  reads: { files: [`site/${SYNONYMS_SOURCE}`], data: ['docusaurus'] },
  writes: { files: [`build/${SEARCH_SYNONYMS_FILE}`], data: [] },
  async run({ docusaurus }) {
    const groups = await copySynonyms(docusaurus.siteDir, docusaurus.outDir);
    return { summary: `${groups} synonym groups`, data: {} };
  },
});
