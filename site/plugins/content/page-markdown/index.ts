/**
 * Post-build steps (site/plugins/post-build/pipeline.ts, before the manifest lists the build's
 * files, so that it classifies what is written here): every documentation page's Markdown beside
 * its HTML (`x/index.md`, same level as the page), and the llms.txt files per level (llms-txt.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_OPERATIONS_FILE, type ApiOperationEntry, markdownFileOf, routeOfPageFile } from '@tala/policy';
import type { OperationData } from '../../../openapi/components/types';
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

/**
 * Writes `index.md` beside every page whose HTML has a documentation article, and returns those
 * pages by route. `pageSources` maps a route to its source file (for API operation page data).
 */
export async function writePageMarkdown(input: {
  outDir: string;
  siteUrl: string;
  pageFiles: readonly string[];
  pageSources: ReadonlyMap<string, string>;
}): Promise<Map<string, MarkdownPage>> {
  const pages = new Map<string, MarkdownPage>();
  const operations: ApiOperationEntry[] = [];
  for (const file of input.pageFiles) {
    const route = routeOfPageFile(file);
    if (route === null) continue;
    if (!existsSync(path.join(input.outDir, file))) continue;
    const html = await readFile(path.join(input.outDir, file), 'utf8');
    const source = input.pageSources.get(route);
    const operation = await operationOf(source);
    const page = pageMarkdown(html, new URL(route, input.siteUrl).href, operation);
    if (!page) continue;
    await writeFile(path.join(input.outDir, markdownFileOf(route)), page.markdown);
    pages.set(route, { route, ...page });
    if (operation) {
      const { api, operationId, method, path: operationPath } = operation;
      operations.push({ api, operationId, method, path: operationPath, route });
    }
  }
  await writeFile(path.join(input.outDir, API_OPERATIONS_FILE), `${JSON.stringify(operations, null, 1)}\n`);
  return pages;
}
