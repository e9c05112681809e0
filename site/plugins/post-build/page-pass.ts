/**
 * The page pass: every built HTML page read and parsed once (html-tree.ts), and from that one
 * tree what three steps need — the access manifest's scan of the page (its inline scripts and the
 * files it loads), the page's search records, and its Markdown (written beside it). They parsed
 * each page apart before, three times 10,433 pages at 25× (bench/scale); the parse and the
 * Markdown's tree work are most of the cost, and all of it runs on the worker threads (workers.ts).
 *
 * It runs once the HTML is final (after the page scripts step) and before the manifest lists the
 * files (the Markdown is among them); the steps after it take its results as data instead of
 * reading the pages again.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_OPERATIONS_FILE, type ApiOperationEntry, pageFileOf, routeOfPageFile } from '@tala/policy';
import { type HtmlScan, scanDocument } from '../access/manifest/html-scan';
import { listFiles } from '../access/manifest/list-files';
import type { PageRoute } from '../access/manifest/route-tree';
import { type MarkdownJob, type MarkdownPage, type MarkdownResult, writeMarkdownOf } from '../content/page-markdown';
import { indexedPage } from '../search/search-index';
import { recordsOfDocument, type UnleveledRecord } from '../search/search-index/records';
import { parseBuiltPage } from './html-tree';
import { mapInWorkers } from './workers';

/** One built HTML file and what to make of it besides its scan. */
export interface PageJob {
  file: string;
  markdown: MarkdownJob | null;
  records: { url: string; pageRank: number } | null;
}

export interface PageReading {
  scan: HtmlScan;
  markdown: MarkdownResult | null;
  records: UnleveledRecord[] | null;
}

export interface Site {
  outDir: string;
  siteUrl: string;
}

/** Reads each job's page once; one reading per job, in order. Runs on the worker threads: exported by name, plain data in and out. */
export async function readPages(jobs: readonly PageJob[], site: Site): Promise<PageReading[]> {
  const readings: PageReading[] = [];
  for (const job of jobs) {
    const document = parseBuiltPage(await readFile(path.join(site.outDir, job.file), 'utf8'));
    readings.push({
      scan: scanDocument(document),
      records: job.records ? recordsOfDocument(document, job.records.url, job.records.pageRank) : null,
      markdown: job.markdown ? await writeMarkdownOf(document, job.markdown, site) : null,
    });
  }
  return readings;
}

/** This module's file, for the workers that import it. */
const PAGE_PASS_MODULE = fileURLToPath(import.meta.url);

export interface BuiltPages {
  /** Every HTML file of the build (dot files aside) → its scan. */
  scans: Map<string, HtmlScan>;
  /** Route → the page's Markdown, for the pages that have a documentation article. */
  markdownPages: Map<string, MarkdownPage>;
  /** Each indexed page's file → its records, not yet tagged with the page's level. */
  records: Map<string, UnleveledRecord[]>;
}

/**
 * The page pass over the whole build: `pages` are the route tree's (their Markdown is written),
 * `pageSources` maps a route to its source file (for API operation page data). Also writes the
 * list of API operation pages (`build/.api-operations.json`, the MCP server's).
 */
export async function readBuiltPages(
  site: Site,
  pages: readonly PageRoute[],
  pageSources: ReadonlyMap<string, string>,
): Promise<BuiltPages> {
  const markdownRoutes = new Map<string, string>();
  for (const page of pages) {
    if (page.path.includes('*')) continue;
    const file = pageFileOf(page.path);
    const route = routeOfPageFile(file);
    if (route !== null && !markdownRoutes.has(file)) markdownRoutes.set(file, route);
  }
  const htmlFiles = (await listFiles(site.outDir)).filter(
    (file) => file.endsWith('.html') && !path.posix.basename(file).startsWith('.'),
  );
  const jobs: PageJob[] = htmlFiles.map((file) => {
    const route = markdownRoutes.get(file);
    return {
      file,
      markdown: route === undefined ? null : { route, source: pageSources.get(route) },
      records: indexedPage(file, site.siteUrl),
    };
  });
  const readings = await mapInWorkers({
    modulePath: PAGE_PASS_MODULE,
    exportName: 'readPages',
    run: readPages,
    items: jobs,
    shared: site,
  });
  const built: BuiltPages = { scans: new Map(), markdownPages: new Map(), records: new Map() };
  const markdownOf = new Map<string, MarkdownResult>();
  for (const [index, reading] of readings.entries()) {
    const { file } = jobs[index] as PageJob;
    built.scans.set(file, reading.scan);
    if (reading.records) built.records.set(file, reading.records);
    if (reading.markdown) markdownOf.set(file, reading.markdown);
  }
  // In the route tree's order, as the pages were converted before the pass (the MCP server lists operations in it).
  const operations: ApiOperationEntry[] = [];
  for (const file of markdownRoutes.keys()) {
    const markdown = markdownOf.get(file);
    if (!markdown) continue;
    built.markdownPages.set(markdown.page.route, markdown.page);
    if (markdown.operation) operations.push(markdown.operation);
  }
  await writeFile(path.join(site.outDir, API_OPERATIONS_FILE), `${JSON.stringify(operations, null, 1)}\n`);
  return built;
}
