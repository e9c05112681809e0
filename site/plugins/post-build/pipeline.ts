/**
 * What happens after `docusaurus build`, in order. Docusaurus runs every plugin's postBuild in
 * parallel, so the post-build plugin (index.ts) runs these steps itself, one after the other
 * (runner.ts: each step gets only the data it declares; one log line per step with its time).
 * Each step's module in ./steps names the files and data it reads and writes.
 *
 * The order is what the access manifest needs: every file it lists is written before it
 * (sitemap, page Markdown, llms.txt), the page scripts are in the HTML the page pass reads for it,
 * and what comes after it (search records, synonyms, the gate's dot files; `.br`/`.gz` copies,
 * which take their source's level) is not a file it lists. The page pass reads each page once
 * for the Markdown, the manifest's check and the search records; nothing changes a page after it.
 */
import type { Options as SitemapOptions } from '@docusaurus/plugin-sitemap';
import type { LoadContext } from '@docusaurus/types';
import type { PostBuildStep } from './step';
import { accessManifestStep } from './steps/access-manifest';
import { bundleStep } from './steps/bundle';
import { classificationStep } from './steps/classification';
import { llmsTxtStep } from './steps/llms-txt';
import { onPremImportsStep } from './steps/on-prem-imports';
import { pagePassStep } from './steps/page-pass';
import { pageScriptsStep } from './steps/page-scripts';
import { precompressionStep } from './steps/precompression';
import { searchRecordsStep } from './steps/search-records';
import { sitemapStep } from './steps/sitemap';
import { synonymsStep } from './steps/synonyms';

export interface PostBuildOptions {
  /** Options of the official sitemap plugin, which the first step runs. */
  sitemap: SitemapOptions;
}

export function postBuildPipeline(context: LoadContext, options: PostBuildOptions): PostBuildStep[] {
  return [
    sitemapStep(context, options.sitemap), // build/sitemap.xml
    bundleStep, // reads .docusaurus/routes.js and the client bundle's chunk graph
    pageScriptsStep, // each page's chunks listed in its HTML
    pagePassStep, // each page read once: build/**/index.md beside each docs page, scans, records
    llmsTxtStep, // build/llms.txt, llms-full.txt and their on-prem pair
    onPremImportsStep, // fails the build if a reader page bundles on-prem sources
    classificationStep, // every build file: public, reader or onprem
    accessManifestStep, // checks the pages, writes build/.access-manifest.json
    searchRecordsStep, // build/.search-records.json
    synonymsStep, // build/.search-synonyms.json
    precompressionStep, // .br and .gz beside each compressible listed file
  ];
}
