/**
 * The MCP tools, for one reader: built per request (the server is stateless, so any replica
 * answers), with the reader's identity from the access token. Every byte goes through the same
 * checks as the pages: search with the modal's engine and role filter, pages' Markdown by their
 * manifest level, the llms index of the reader's level.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import { type ApiOperationEntry, type Identity, markdownFileOf } from '@tala/policy';
import { z } from 'zod';
import type { AccessDecision } from '../access/open.ts';
import type { GateConfig } from '../config.ts';
import { MAX_QUERY_LENGTH } from '../search/engine.ts';
import { unescapeHtml } from '../search/highlight.ts';
import { parseMultiQuery } from '../search/params.ts';
import type { Searcher } from '../search/searcher.ts';

export interface ToolContext {
  config: GateConfig;
  access: AccessDecision;
  searcher: Searcher | null;
  /** The build's generated API operation pages (API_OPERATIONS_FILE); empty when it has none. */
  operations: readonly ApiOperationEntry[];
}

interface Hit {
  url: string;
  hierarchy: Record<string, string | null>;
  content: string | null;
  _snippetResult?: { content?: { value?: string } };
}

/**
 * The most text one tool answer carries. Today's largest answer is the on-prem llms.txt (133 KB)
 * and the longest page 40 KB; the cap is for the docs that grow past that, so that one request
 * never builds a response of unbounded size on the event loop. Cut at a line.
 */
export const MAX_ANSWER_CHARS = 512 * 1024;

function capped(value: string): string {
  if (value.length <= MAX_ANSWER_CHARS) return value;
  const cut = value.lastIndexOf('\n', MAX_ANSWER_CHARS);
  const kept = value.slice(0, cut > 0 ? cut : MAX_ANSWER_CHARS);
  return `${kept}\n\n[Cut at ${Math.round(kept.length / 1024)} KB of ${Math.round(value.length / 1024)} KB: use search_docs to find the part you need.]\n`;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: capped(value) }] });
const failure = (value: string) => ({ ...text(value), isError: true });

/** The path a tool's `url` argument names on this portal (a path, or a URL of the portal's origin). */
function pathOnPortal(address: string, origin: string): string | null {
  if (!URL.canParse(address, origin)) return null;
  const url = new URL(address, origin);
  return url.origin === origin ? url.pathname : null;
}

/** `reader`: whose budget and search turn the tools spend (protect/rate-limits.ts `readerKey`). */
export function mcpServerFor(identity: Identity, reader: string, context: ToolContext): McpServer {
  const { config, access, searcher, operations } = context;
  const origin = new URL(config.publicUrl).origin;
  const server = new McpServer(
    { name: 'tala-docs', title: 'Tala Docs', version: '1.0.0' },
    {
      instructions:
        'The documentation of Tala, a conversational-AI platform (Tala Studio, Inquire and TQL, the web widget, ' +
        'the REST APIs, on-premises installation). Search with search_docs, then read the pages you need with ' +
        'read_page; list_sections gives the table of contents. Only pages the signed-in reader may read are returned.',
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        'Full-text search of the Tala documentation the reader may read. Short keyword queries work best ' +
        `(the first ${MAX_QUERY_LENGTH} characters count). Returns sections with their page URL; read one with read_page.`,
      inputSchema: z.object({
        query: z.string().min(1).max(512).describe('Words to look for, e.g. "publish environment rollback"'),
        limit: z.number().int().min(1).max(20).default(8).describe('How many sections to return'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit }) => {
      if (!searcher) return failure('Search is not available on this portal (no search records in the build).');
      const queries = parseMultiQuery({
        requests: [
          {
            indexName: config.search.indexName,
            query: query.slice(0, MAX_QUERY_LENGTH),
            hitsPerPage: limit,
            attributesToSnippet: ['content:40'],
            highlightPreTag: '',
            highlightPostTag: '',
          },
        ],
      });
      const allowed = [...access.levels(identity)];
      const { body } = await searcher.answer({ queries, allowed, origin: config.publicUrl }, reader);
      const hits = (JSON.parse(body) as { results: { hits: Hit[] }[] }).results[0]?.hits ?? [];
      const results = hits.map((hit) => {
        const trail = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6']
          .map((level) => hit.hierarchy[level])
          .filter((value): value is string => Boolean(value));
        return {
          title: trail.slice(1).join(' › ') || (trail[0] ?? ''),
          section: trail[0] ?? '',
          url: hit.url,
          // The endpoint's snippets are HTML-escaped (Algolia's format); tools answer in text.
          snippet: unescapeHtml(hit._snippetResult?.content?.value ?? '').trim() || (hit.content ?? '').trim(),
        };
      });
      if (results.length === 0) return { ...text(`No results for "${query}".`), structuredContent: { results } };
      const lines = results.map(
        (r, i) => `${i + 1}. ${r.title} (${r.section})\n   ${r.url}${r.snippet ? `\n   ${r.snippet}` : ''}`,
      );
      return { ...text(lines.join('\n')), structuredContent: { results } };
    },
  );

  server.registerTool(
    'read_page',
    {
      title: 'Read a page',
      description: 'The Markdown of one documentation page, by its URL or path (from search_docs or list_sections).',
      inputSchema: z.object({ url: z.string().min(1).max(2048).describe('e.g. /studio/deploy/ or its full URL') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ url }) => {
      const pathname = pathOnPortal(url, origin);
      const markdown = pathname === null ? null : access.openMarkdown(identity, pathname);
      if (markdown === null)
        return failure(`No documentation page at ${url}. Use search_docs or list_sections to find one.`);
      if (!markdown.allowed) {
        return failure(
          `You may not read ${url}: it is in the on-premises section, which needs the Documentation.Onprem role.`,
        );
      }
      const file = markdown.file;
      return text(await readFile(path.join(config.buildDir, file), 'utf8'));
    },
  );

  if (operations.length > 0) {
    server.registerTool(
      'get_api_operation',
      {
        title: 'Get an API operation',
        description:
          'The reference of one REST API operation (endpoint, parameters, request and response schemas, examples, ' +
          'a curl command) as Markdown, by API and operationId, e.g. studio / publishSolutionToEnvironment.',
        inputSchema: z.object({
          api: z
            .string()
            .min(1)
            .max(64)
            .describe(`The API: ${[...new Set(operations.map((o) => o.api))].join(', ')}`),
          operationId: z.string().min(1).max(128).describe('The operationId, as in the API specification'),
        }),
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ api, operationId }) => {
        const entry = operations.find(
          (o) => o.api === api.toLowerCase() && o.operationId.toLowerCase() === operationId.toLowerCase(),
        );
        if (!entry) return failure(`No operation ${operationId} in the ${api} API. Use search_docs to find one.`);
        const markdown = access.openMarkdown(identity, `/${markdownFileOf(entry.route)}`);
        if (markdown === null) return failure(`The page of ${api}/${operationId} is not in this build.`);
        if (!markdown.allowed) {
          return failure(`You may not read ${api}/${operationId}: it needs the Documentation.Onprem role.`);
        }
        return text(await readFile(path.join(config.buildDir, markdown.file), 'utf8'));
      },
    );
  }

  server.registerTool(
    'list_sections',
    {
      title: 'List sections and pages',
      description: 'The table of contents (llms.txt): every section with its pages, Markdown URLs and descriptions.',
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => {
      const contents = access.open(identity, '/llms.txt');
      if (contents.kind !== 'file' || contents.file === null || !contents.allowed) {
        return failure('The table of contents is not available in this build.');
      }
      return text(await readFile(path.join(config.buildDir, contents.file), 'utf8'));
    },
  );

  return server;
}
