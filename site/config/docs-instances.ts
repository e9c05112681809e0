import type { Options } from '@docusaurus/plugin-content-docs';
import remarkOperationLinks from '../examples/api/remark-operation-links';
import remarkTqlTables from '../examples/tql/remark-tables';
import remarkPlatformConstants from '../plugins/content/platform-constants/remark';
import remarkGrammarImports from '../plugins/performance/code-highlight/remark';
import { sidebarItemsGenerator } from './sidebar-items';

/**
 * The two docs plugin instances, both run through plugins/access/docs-instance (lean global data). The
 * public docs are the default instance, not the preset's, because the preset cannot wrap its plugin.
 */
export const docsOptions: Options = {
  routeBasePath: '/',
  path: 'docs',
  sidebarPath: './sidebars.ts',
  sidebarItemsGenerator,
  breadcrumbs: true,
  // ::tql-table (the TQL data model's tables), :const[name] (platform constants), and links
  // from `METHOD /path` spans to the operations' reference pages.
  beforeDefaultRemarkPlugins: [remarkTqlTables, remarkPlatformConstants, remarkOperationLinks],
  // Each page imports the Prism grammars of its code blocks (plugins/performance/code-highlight).
  remarkPlugins: [remarkGrammarImports],
  lastVersion: 'current',
  versions: { current: { label: 'Next' } },
};

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
