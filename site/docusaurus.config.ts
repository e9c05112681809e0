import type * as Preset from '@docusaurus/preset-classic';
import type { Config } from '@docusaurus/types';
import { PORTAL_DEFAULTS } from '@tala/policy';
import { codeTheme } from './config/code-theme';
import { buildTimeCustomFields, buildVariables } from './config/custom-fields';
import { docsOptions, onPremDocsOptions } from './config/docs-instances';
import { fasterOptions } from './config/faster';
import { pageHistoryOptions, vcsConfig } from './config/page-history';
import { sitemapOptions } from './config/sitemap';
import remarkGrammarImports from './plugins/performance/code-highlight/remark';

const customFields = buildTimeCustomFields(process.env);

const config: Config = {
  title: 'Tala Docs',
  tagline: 'Documentation for the Tala conversational-AI platform',
  favicon: 'img/favicon.svg',
  // The gate server serves the portal from its own origin; absolute URLs (sitemap, canonical links)
  // use SITE_URL when the deployment sets it.
  url: buildVariables(process.env).SITE_URL.replace(/\/+$/, ''),
  baseUrl: '/',
  trailingSlash: true,
  onBrokenLinks: 'throw',
  // Two pages at one route: one of them is lost, and both write the same data file (a generated
  // index's props were corrupted that way in bench/scale's copies).
  onDuplicateRoutes: 'throw',
  onBrokenAnchors: 'throw',
  markdown: { mermaid: true, hooks: { onBrokenMarkdownLinks: 'throw' } },
  themes: ['@docusaurus/theme-mermaid'],
  // A private portal: no search engine may index it (meta robots here, X-Robots-Tag from the gate).
  headTags: [{ tagName: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } }],

  future: {
    faster: fasterOptions(process.env),
    v4: { removeLegacyPostBuildHeadAttribute: true },
    experimental_vcs: vcsConfig(__dirname),
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: { label: 'English', direction: 'ltr', htmlLang: 'en', calendar: 'gregory' },
    },
  },

  customFields,
  // Runs before hydration: the login screen at deep addresses, no on-prem prefetch without the role.
  clientModules: ['./src/client-modules/access-guard.ts', './src/client-modules/search-page-clicks.ts'],

  presets: [
    [
      'classic',
      {
        // Both docs instances are plugins below (config/docs-instances.ts).
        docs: false,
        blog: false,
        pages: { remarkPlugins: [remarkGrammarImports] },
        // The sitemap is a step of the post-build pipeline (plugins/post-build), so that the manifest sees the file.
        sitemap: false,
        theme: { customCss: './src/css/custom.css' },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    ['./plugins/access/docs-instance/index.ts', { ...docsOptions, ...pageHistoryOptions(process.env) }],
    ['./plugins/access/docs-instance/index.ts', { ...onPremDocsOptions, ...pageHistoryOptions(process.env) }],
    ['./plugins/post-build/index.ts', { sitemap: sitemapOptions }],
    './plugins/search/search-client/index.ts',
    './plugins/performance/code-highlight/index.ts',
    './plugins/performance/emoji-labels/index.ts',
    './plugins/performance/route-sections/index.ts',
    './plugins/performance/staged-start/index.ts',
    './plugins/performance/prefetch-once/index.ts',
    './plugins/performance/json-modules/index.ts',
    './plugins/performance/bundle-order/index.ts',
    './plugins/performance/scope-hoisting/index.ts',
    './plugins/performance/runtime-maps/index.ts',
  ],

  themeConfig: {
    image: 'img/logo.svg',
    colorMode: { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false },
    announcementBar: {
      id: 'tala-8-0-released',
      content:
        'Tala 8.0 is available: generative answers in flows and the new Inquire TQL engine. <a href="/home/tala-8.0/">Read the release notes</a>.',
      isCloseable: true,
    },
    navbar: {
      title: 'Tala Docs',
      hideOnScroll: false,
      logo: { alt: 'Tala', src: 'img/logo.svg' },
      items: [
        { type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Documentation' },
        // Readers without the on-prem role who follow it land on /403/, which explains the role.
        { to: '/on-prem/category/on-prem/', label: 'On-premises', position: 'left' },
        { type: 'search', position: 'right', className: 'navbar-search' },
        { type: 'custom-userMenu', position: 'right' },
      ],
    },
    docs: { sidebar: { hideable: false, autoCollapseCategories: false } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 5 },
    algolia: {
      // Search is answered by the portal's own server (DESIGN.md §5); these identify the index.
      appId: PORTAL_DEFAULTS.search.embeddedAppId,
      apiKey: PORTAL_DEFAULTS.search.embeddedApiKey,
      indexName: customFields.algoliaIndexName,
      contextualSearch: true,
      searchPagePath: 'search',
      // Seed §5: hits indexed from a merge-request preview (/mr-123/…) open on the portal itself.
      // A RegExp (the option's type says string, which the theme escapes as literal text).
      replaceSearchResultPathname: { from: /\/mr-\d+\// as unknown as string, to: '/' },
    },
    footer: {
      style: 'light',
      copyright: `© ${new Date().getFullYear()} Tala. Private documentation: do not share outside your organisation.`,
    },
    prism: {
      theme: codeTheme,
      // The grammars come with the portal's own Prism (plugins/performance/code-highlight/languages.ts).
      additionalLanguages: [],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
