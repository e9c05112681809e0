import type { Plugin } from '@docusaurus/types';
import type { AccessLevel } from '@tala/policy';
import type { ChunkGraph } from '../access/manifest/chunk-graph';
import type { HtmlScan } from '../access/manifest/html-scan';
import type { PageRoute } from '../access/manifest/route-tree';
import type { MarkdownPage } from '../content/page-markdown';
import type { LlmsSection } from '../content/page-markdown/llms-txt';
import type { UnleveledRecord } from '../search/search-index/records';

/** What Docusaurus hands every plugin's postBuild: the output folder, the site config, the routes. */
export type PostBuildProps = Parameters<NonNullable<Plugin['postBuild']>>[0];

/** What the content plugins loaded, read in allContentLoaded (before bundling). */
export interface LoadedContent {
  /** Absolute paths of the content folders served under on-prem routes. */
  onPremFolders: string[];
  /** Route → the page's source file, where a content plugin declares one. */
  pageSources: Map<string, string>;
  /** The docs sidebars as llms.txt sections. */
  sections: LlmsSection[];
}

/** The client bundle as the access checks read it. */
export interface Bundle {
  /** `.docusaurus/routesChunkNames.json`, each page also naming its route-table section's chunk. */
  routesChunkNames: Record<string, unknown>;
  chunkGraph: ChunkGraph;
  /** Whether a module is the route registry (its import()s are every route, not one page's). */
  isRouteRegistry: (moduleIdentifier: string) => boolean;
}

/**
 * The data steps hand to later steps, by name. `docusaurus` and `content` are there before the
 * first step; every other entry is written by exactly one step (the runner checks the order).
 */
export interface PostBuildData {
  docusaurus: PostBuildProps;
  content: LoadedContent;
  /** The pages of the route tree, each with its layouts' chunk keys. */
  pages: PageRoute[];
  bundle: Bundle;
  /** Route → the page's Markdown, for the pages that have a documentation article. */
  markdownPages: Map<string, MarkdownPage>;
  /** Every HTML file of the build → what it loads and its inline scripts, as the page pass read it. */
  pageScans: Map<string, HtmlScan>;
  /** Each indexed page's file → its search records, before the manifest gives the page its level. */
  pageRecords: Map<string, UnleveledRecord[]>;
  /** The routes each llms.txt lists, by reader level. */
  llmsRoutes: Map<'reader' | 'onprem', string[]>;
  /** Every file of the build once the files the manifest lists are written (dot files aside). */
  files: string[];
  /** The access level of each of those files: the manifest's entries. */
  levels: Record<string, AccessLevel>;
}

export type DataName = keyof PostBuildData;

/**
 * One step after `docusaurus build`. Files are named for the reader of pipeline.ts: `build/…` in
 * the output folder, `.docusaurus/…` among Docusaurus's generated files, `site/…` in the sources.
 */
export interface Step<In extends DataName, Out extends DataName> {
  /** How the log names the step: `[tala] post-build 3/11 page Markdown: 414 pages in 20.9 s`. */
  name: string;
  reads: { files: readonly string[]; data: readonly In[] };
  writes: { files: readonly string[]; data: readonly Out[] };
  /** Does the work; `summary` is what the log line says the step did. */
  run(input: Pick<PostBuildData, In>): Promise<{ summary: string; data: Pick<PostBuildData, Out> }>;
}

/** A step of any inputs and outputs, as the pipeline lists them. */
export interface PostBuildStep {
  name: string;
  reads: { files: readonly string[]; data: readonly DataName[] };
  writes: { files: readonly string[]; data: readonly DataName[] };
  run(input: PostBuildData): Promise<{ summary: string; data: Partial<PostBuildData> }>;
}

/** A step whose input and output names are inferred from what it declares. */
export function defineStep<In extends DataName, Out extends DataName = never>(step: Step<In, Out>): PostBuildStep {
  return step;
}
