/**
 * Post-build steps (site/plugins/post-build/pipeline.ts, before the manifest lists the build's
 * files, so that it classifies what is written here): every documentation page's Markdown beside
 * its HTML (`x/index.md`, same level as the page), and the llms.txt files per level (llms-txt.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_OPERATIONS_FILE, type ApiOperationEntry, markdownFileOf, routeOfPageFile } from '@tala/policy';
import type { OperationData } from '../../../openapi/components/types';
import { mapInWorkers } from '../../post-build/workers';
import { pageMarkdown } from './convert';

export interface MarkdownPage {
  route: string;
  title: string;
  description: string;
  markdown: string;
}

/** The page data beside a generated API operation page's MDX (`publish.mdx` → `publish.json`). */
async function operationOf(source: string | undefined): Promise<OperationData | undefined> {
  if (!source?.endsWith('.mdx')) return undefined;
  const json = source.replace(/\.mdx$/, '.json');
  if (!existsSync(json)) return undefined;
  const data = JSON.parse(await readFile(json, 'utf8')) as Partial<OperationData>;
  return typeof data.operationId === 'string' && typeof data.method === 'string' ? (data as OperationData) : undefined;
}

/** One page to convert: its HTML file, route and source file (for API operation page data). */
export interface MarkdownJob {
  file: string;
  route: string;
  source: string | undefined;
}

export interface MarkdownResult {
  page: MarkdownPage | null;
  operation: ApiOperationEntry | null;
}

/**
 * Writes `index.md` beside each page whose HTML has a documentation article; one result per job,
 * in order. Runs on the post-build worker threads (post-build/workers.ts): exported by name, its
 * input and output plain data.
 */
export async function convertPages(
  jobs: readonly MarkdownJob[],
  shared: { outDir: string; siteUrl: string },
): Promise<MarkdownResult[]> {
  const results: MarkdownResult[] = [];
  for (const { file, route, source } of jobs) {
    const html = await readFile(path.join(shared.outDir, file), 'utf8');
    const operation = await operationOf(source);
    const page = pageMarkdown(html, new URL(route, shared.siteUrl).href, operation);
    if (!page) {
      results.push({ page: null, operation: null });
      continue;
    }
    await writeFile(path.join(shared.outDir, markdownFileOf(route)), page.markdown);
    results.push({
      page: { route, ...page },
      operation: operation
        ? {
            api: operation.api,
            operationId: operation.operationId,
            method: operation.method,
            path: operation.path,
            route,
          }
        : null,
    });
  }
  return results;
}

/** This module's file, for the workers that import it. */
export const PAGE_MARKDOWN_MODULE = fileURLToPath(import.meta.url);

/**
 * Writes `index.md` beside every page whose HTML has a documentation article, on worker threads,
 * and returns those pages by route. `pageSources` maps a route to its source file (for API
 * operation page data).
 */
export async function writePageMarkdown(input: {
  outDir: string;
  siteUrl: string;
  pageFiles: readonly string[];
  pageSources: ReadonlyMap<string, string>;
}): Promise<Map<string, MarkdownPage>> {
  const jobs: MarkdownJob[] = [];
  for (const file of input.pageFiles) {
    const route = routeOfPageFile(file);
    if (route === null || !existsSync(path.join(input.outDir, file))) continue;
    jobs.push({ file, route, source: input.pageSources.get(route) });
  }
  const results = await mapInWorkers({
    modulePath: PAGE_MARKDOWN_MODULE,
    exportName: 'convertPages',
    run: convertPages,
    items: jobs,
    shared: { outDir: input.outDir, siteUrl: input.siteUrl },
  });
  const pages = new Map<string, MarkdownPage>();
  const operations: ApiOperationEntry[] = [];
  for (const { page, operation } of results) {
    if (page) pages.set(page.route, page);
    if (operation) operations.push(operation);
  }
  await writeFile(path.join(input.outDir, API_OPERATIONS_FILE), `${JSON.stringify(operations, null, 1)}\n`);
  return pages;
}
