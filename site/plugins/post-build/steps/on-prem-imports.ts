import path from 'node:path';
import { checkOnPremImports } from '../../access/manifest/on-prem-imports';
import { defineStep } from '../step';

/** Fails the build when a page without the on-prem role bundles a file of the on-prem folder. */
export const onPremImportsStep = defineStep({
  name: 'on-prem imports',
  reads: { files: [], data: ['docusaurus', 'content', 'pages', 'bundle'] },
  writes: { files: [], data: [] },
  async run({ docusaurus, content, pages, bundle }) {
    // Paths relative to the folder that holds the site, e.g. `site/on-prem/_licence-keys.mdx`.
    const display = (file: string) => path.relative(path.dirname(docusaurus.siteDir), file).split(path.sep).join('/');
    checkOnPremImports({
      pages,
      ...bundle,
      onPremFolders: content.onPremFolders,
      pageSources: content.pageSources,
      display,
    });
    return { summary: 'none in pages without the on-prem role', data: {} };
  },
});
