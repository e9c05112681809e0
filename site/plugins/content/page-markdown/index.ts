/**
 * Post-build (site/plugins/post-build/pipeline.ts, before the manifest lists the build's files, so
 * that it classifies what is written here): every documentation page's Markdown beside its HTML
 * (`x/index.md`, same level as the page), written while the page pass reads each page
 * (post-build/page-pass.ts), and the llms.txt files per level (llms-txt.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ApiOperationEntry, markdownFileOf } from '@tala/policy';
import type { OperationData } from '../../../openapi/components/types';
import type { HtmlDocument } from '../../post-build/html-tree';
import { documentMarkdown } from './convert';

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

/** A page whose Markdown to write: its route and source file (for API operation page data). */
export interface MarkdownJob {
  route: string;
  source: string | undefined;
}

export interface MarkdownResult {
  page: MarkdownPage;
  operation: ApiOperationEntry | null;
}

/**
 * Writes `index.md` beside a page whose HTML has a documentation article and returns it (with its
 * API operation, on an operation page); null for other pages (login, 403, search).
 */
export async function writeMarkdownOf(
  document: HtmlDocument,
  { route, source }: MarkdownJob,
  site: { outDir: string; siteUrl: string },
): Promise<MarkdownResult | null> {
  const operation = await operationOf(source);
  const page = documentMarkdown(document, new URL(route, site.siteUrl).href, operation);
  if (!page) return null;
  await writeFile(path.join(site.outDir, markdownFileOf(route)), page.markdown);
  return {
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
  };
}
