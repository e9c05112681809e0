import type { Options } from '@docusaurus/plugin-content-docs';
import remarkGrammarImports from '../plugins/code-highlight/remark';
import remarkPlatformConstants from '../plugins/platform-constants/remark';
import { sidebarItemsGenerator } from './sidebar-items';

/**
 * The on-prem section is its own docs plugin instance (docs/design.md §2): with one shared instance,
 * on-prem titles would land in the version chunk that every public page loads.
 */
export const onPremDocsOptions: Options = {
  id: 'on-prem',
  path: 'on-prem',
  routeBasePath: 'on-prem',
  sidebarPath: './sidebars-on-prem.ts',
  sidebarItemsGenerator,
  breadcrumbs: true,
  beforeDefaultRemarkPlugins: [remarkPlatformConstants],
  remarkPlugins: [remarkGrammarImports],
  lastVersion: 'current',
  versions: { current: { label: 'Next' } },
};
