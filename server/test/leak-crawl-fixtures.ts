/**
 * What the leak crawls share (leak-crawl*.test.ts, one crawl per file so that each stays well
 * inside the per-file time limit when CI runs them side by side). Leak crawl over the real build
 * (site/build): as an anonymous visitor, a reader and an on-prem admin, request every file of the
 * build, every page (generated API pages included) and every route of routes.txt, each in several
 * spellings, every page's Markdown in the same spellings, search for every on-prem title, and ask
 * the docs (`POST /api/ask`) every on-prem title and phrase; then check what comes back for on-prem text and on-prem page addresses. The gate alone decides here
 * (identities are injected; sign-in has its own tests).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, type RequestOptions, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ACCESS_MANIFEST_FILE,
  type AccessManifest,
  buildFiles,
  FORBIDDEN_ROUTE,
  type Identity,
  isPageFile,
  LOGIN_ROUTE,
  markdownFileOf,
  pageFileOf,
  ROUTE_ALIASES,
  resolveTarget,
  routeOfPageFile,
} from '@tala/policy';
import type { FastifyInstance } from 'fastify';
import { listFiles } from '../../site/plugins/access/manifest/list-files.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const INDEX_NAME = loadConfig({}).search.indexName;
/** The crawl's gates run with the default PUBLIC_URL: questions come from its origin, as the portal's pages send them. */
const PORTAL_ORIGIN = new URL(loadConfig({}).publicUrl).origin;

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const buildDir = path.join(root, 'site/build');
export const manifest: AccessManifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8'));

/** Distinctive text of the on-prem pages: the canary, titles and long sentences of their articles. */
function onpremText(): string[] {
  const texts = new Set<string>(['ONPREM-OVERVIEW-7Q2X']);
  for (const [file, level] of Object.entries(manifest.files)) {
    if (level !== 'onprem' || !file.endsWith('.html')) continue;
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const article = /<article[^>]*>([\s\S]*?)<\/article>/.exec(html)?.[1] ?? '';
    // Text nodes, as they stand in the HTML (and, as string literals, in the page's JS chunk).
    for (const [, node = ''] of article.matchAll(/>([^<>&]{50,})</g)) texts.add(node.trim().slice(0, 60));
    const title = /<title[^>]*>([^<|]+)/.exec(html)?.[1]?.trim();
    if (title && title.length >= 20) texts.add(title);
  }
  // Text that reader pages also carry (a shared URL template, a product name) is not on-prem's own.
  const readerSources = ['site/docs', 'site/src']
    .flatMap((dir) =>
      listFilesSync(path.join(root, dir)).map((file) => readFileSync(path.join(root, dir, file), 'utf8')),
    )
    .join('\n');
  // The on-prem pages' Markdown: lines of text that no reader Markdown has (API pages' Markdown is
  // written from the spec data, so it holds text that their HTML spells differently).
  const markdownOf = (wanted: string) =>
    Object.entries(manifest.files)
      .filter(([file, level]) => level === wanted && file.endsWith('.md'))
      .map(([file]) => readFileSync(path.join(buildDir, file), 'utf8'));
  const readerMarkdown = markdownOf('reader').join('\n');
  // The reader pages as built: generated pages (the API reference) hold text that no source file
  // has and that their Markdown may spell differently ("None." beside "None: this operation is
  // called without credentials." on the same page).
  const readerArticles = Object.entries(manifest.files)
    .filter(([file, level]) => level === 'reader' && file.endsWith('.html'))
    .map(
      ([file]) =>
        /<article[^>]*>([\s\S]*?)<\/article>/.exec(readFileSync(path.join(buildDir, file), 'utf8'))?.[1] ?? '',
    )
    .join('\n');
  for (const markdown of markdownOf('onprem')) {
    const lines = markdown.split('\n').filter((line) => /^[\w`-][^|]{50,}$/.test(line) && !line.startsWith('Source:'));
    for (const line of lines.slice(0, 4)) texts.add(line.slice(0, 60));
  }
  return [...texts].filter(
    (text) => !readerSources.includes(text) && !readerMarkdown.includes(text) && !readerArticles.includes(text),
  );
}

function listFilesSync(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The spellings of any path that name the same thing once normalised (case, encoding, dot segments, slashes). */
function spellings(p: string): string[] {
  const segments = p.split('/').filter(Boolean);
  return [
    p,
    p.toUpperCase(),
    p.replace(/^\//, '//'),
    p.replace(/\//g, '//'),
    `/assets/../${p.slice(1)}`,
    `/./${p.slice(1)}`,
    p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
    p.replace(/\//g, '%2F').replace(/^%2F/, '/'),
    ...(segments.length > 1 ? [`/${segments[0]}\\${segments.slice(1).join('/')}`] : []),
  ];
}

/** A few spellings of a file path (case, encoding, dot segments). */
function fileVariants(p: string): string[] {
  return [
    p,
    p.toUpperCase(),
    p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
    `/assets/../${p.slice(1)}`,
  ];
}

/**
 * The spellings a request for route `p` may take; the gate must treat them all alike. Beyond the
 * root, the page's other names (`.html`, `/index.html`, no trailing slash) and its Markdown: the
 * file (its other spellings are a file's, below) and the `.md` alias in every spelling, since the
 * gate resolves the alias apart.
 */
function variants(p: string): string[] {
  if (!p.endsWith('/') || p === '/') return spellings(p);
  const trimmed = p.slice(0, -1);
  return [
    ...spellings(p),
    trimmed,
    `${p}index.html`,
    `${trimmed}.html`,
    `/${markdownFileOf(p)}`,
    ...spellings(`${trimmed}.md`),
    `${trimmed.toUpperCase()}.md`,
    `${trimmed}.MD`,
  ];
}

export const routes = readFileSync(path.join(root, 'spec/routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/') && !line.split('\t')[0]?.endsWith('*'))
  .map((line) => line.split('\t')[0] as string);
/** Every file of the build: what the manifest lists, and what it does not (precompressed copies, dotfiles). */
export const files = (await listFiles(buildDir)).map((f) => `/${f}`);
/** Every built page by its route, beyond the routes.txt list (generated API pages, sub-pages). */
export const pages = files.flatMap((f) => routeOfPageFile(f.slice(1)) ?? []);
export const targets = [
  ...new Set([
    ...[...new Set([...routes, ...pages])].flatMap(variants),
    // A file the manifest does not list (a precompressed copy, a dotfile) is unknown to the gate in
    // any spelling: asked for once, as named, it is one of the plain paths below.
    ...files.filter((f) => !isPageFile(f.slice(1)) && f.slice(1) in manifest.files).flatMap(fileVariants),
  ]),
];

export async function gate(
  t: import('node:test').TestContext,
  identity: Identity | null,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    BUILD_DIR: buildDir,
    LOG_LEVEL: 'silent',
    OIDC_ISSUER: 'https://idp.invalid',
    OIDC_CLIENT_ID: 'crawl',
    OIDC_CLIENT_SECRET: 'crawl',
    // Every answer must be a decision; a 503 from a stalled loop on a busy machine is not one.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // The MCP crawl reads every page in a minute, the search crawl asks for every on-prem title;
    // a real reader's budgets would refuse that.
    MCP_CALLS_PER_MINUTE: '100000',
    SEARCH_RATE_PER_MINUTE: '100000',
    SEARCH_HEAVY_RATE_PER_MINUTE: '100000',
    ASK_RATE_PER_MINUTE: '100000',
    ...env,
  });
  const app = await buildApp({ config, identity: async () => identity, logger: false });
  t.after(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

interface RawResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
}

export const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** A request with the path sent exactly as written (inject() would normalise it first). */
function send(app: FastifyInstance, options: RequestOptions, body?: string): Promise<RawResponse> {
  const { port } = app.server.address() as import('node:net').AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, agent, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, rawPayload: Buffer.concat(chunks) }),
      );
    });
    // A request target that Node's HTTP parser refuses ends with a closed socket: nothing received.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET'
        ? resolve({ statusCode: 0, headers: {}, rawPayload: Buffer.alloc(0) })
        : reject(error),
    );
    req.end(body);
  });
}

export function get(app: FastifyInstance, rawPath: string, headers: Record<string, string>): Promise<RawResponse> {
  return send(app, { path: rawPath, headers });
}

export function bodyOf(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  // UTF-8, so that on-prem text in Chinese, Japanese, Korean or Turkish is found as written.
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

/** A search as the browser sends it (DocSearch, the /search/ page): Algolia's multi-query body. */
function search(app: FastifyInstance, queries: Record<string, unknown>[]): Promise<RawResponse> {
  const body = JSON.stringify({ requests: queries.map((query) => ({ indexName: INDEX_NAME, ...query })) });
  const headers = { 'content-type': 'text/plain', 'accept-encoding': 'identity' };
  return send(app, { method: 'POST', path: '/1/indexes/*/queries', headers }, body);
}

/**
 * The searches of the crawl: the empty query (every readable URL, as the /search/ page lists them)
 * and every on-prem page's title, with facet counts, a few queries per body as the limits allow.
 */
function searches(): { label: string; queries: Record<string, unknown>[] }[] {
  const everything = { label: 'search ""', queries: [{ query: '', hitsPerPage: 1000 }] };
  const titled = onpremTitles.map((query) => ({ query, hitsPerPage: 20, facets: ['*'] }));
  const bodies = [];
  for (let i = 0; i < titled.length; i += 4) {
    const queries = titled.slice(i, i + 4);
    bodies.push({ label: `search ${queries.map((q) => JSON.stringify(q.query)).join(', ')}`, queries });
  }
  return [everything, ...bodies];
}

/** A question as the portal's Ask panel sends it: JSON, from the portal's own origin. */
function ask(app: FastifyInstance, question: string, askPath = '/api/ask', stream = false): Promise<RawResponse> {
  const headers = {
    'content-type': 'application/json',
    accept: stream ? 'text/event-stream' : 'application/json',
    origin: PORTAL_ORIGIN,
    'sec-fetch-site': 'same-origin',
    'accept-encoding': 'identity',
  };
  return send(app, { method: 'POST', path: askPath, headers }, JSON.stringify({ question: question.slice(0, 500) }));
}

/**
 * The questions of the crawl: every on-prem page's title and every on-prem phrase, as a reader
 * fishing for on-prem content through "Ask the docs" would ask them.
 */
export const questions = (): string[] => [...new Set([...onpremTitles, ...secrets])];

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];
}

/**
 * Every spelling with compression allowed, every plain path without it, then the searches. An
 * identity that may read everything gets a body only at the canonical path (any other spelling is
 * a redirect), so to see every body it needs no other `spellings`.
 */
export async function crawl(
  app: FastifyInstance,
  onResponse: (url: string, status: number, body: string, headers: Record<string, unknown>) => void,
  { spellings = true } = {},
) {
  const plain = [...new Set([...routes, ...pages, ...files])];
  const requests = [
    ...(spellings ? targets : plain).map((url) => [url, 'br, gzip'] as const),
    ...plain.map((url) => [url, 'identity'] as const),
  ];
  // A 5xx decides nothing (a 503 from load shedding "leaks" nothing either): every answer must be
  // the gate's access decision, or the crawl proves nothing.
  const failures: string[] = [];
  for (const [url, encoding] of requests) {
    const res = await get(app, url, { 'accept-encoding': encoding, accept: 'text/html,*/*' });
    if (res.statusCode >= 500) failures.push(`${url} → ${res.statusCode}`);
    onResponse(url, res.statusCode, bodyOf(res), res.headers);
  }
  for (const { label, queries } of searches()) {
    const res = await search(app, queries);
    if (res.statusCode >= 500 || res.statusCode === 429) failures.push(`${label} → ${res.statusCode}`);
    const answer = JSON.parse(bodyOf(res)) as { results?: Record<string, unknown>[] };
    // Each result echoes its query and parameters: the crawl's own words, not what the index holds.
    for (const result of answer.results ?? []) {
      delete result.query;
      delete result.params;
    }
    // The JSON, and its strings as written (JSON escapes quotes and backslashes in text).
    onResponse(label, res.statusCode, `${JSON.stringify(answer)}\n${stringsOf(answer).join('\n')}`, res.headers);
  }
  for (const question of questions()) {
    const label = `ask ${JSON.stringify(question)}`;
    const res = await ask(app, question);
    if (res.statusCode >= 500 || res.statusCode === 429) failures.push(`${label} → ${res.statusCode}`);
    // An answer never repeats the question (the crawl's own words): all of it comes from the docs.
    // A refusal is checked as sent (the anonymous crawl recognises the catalogue's error shape).
    const body = bodyOf(res);
    const answer = res.statusCode === 200 ? (JSON.parse(body) as unknown) : null;
    onResponse(label, res.statusCode, answer ? `${body}\n${stringsOf(answer).join('\n')}` : body, res.headers);
  }
  // The same asks in other spellings of the address, and streamed: the first few questions are enough
  // to see each spelling decided like the canonical one (or refused), never answered differently.
  for (const question of questions().slice(0, 5)) {
    for (const [askPath, stream] of [
      ['/api/ask', true],
      ['/api/ask/', false],
      ['/API/ask', false],
      ['/api/./ask', false],
      ['//api/ask', false],
      ['/api/ask?x=1', false],
      ['/api/%61sk', false],
    ] as const) {
      const label = `ask ${askPath}${stream ? ' (stream)' : ''} ${JSON.stringify(question)}`;
      const res = await ask(app, question, askPath, stream);
      if (res.statusCode >= 500 || res.statusCode === 429) failures.push(`${label} → ${res.statusCode}`);
      onResponse(label, res.statusCode, bodyOf(res), res.headers);
    }
  }
  assert.deepEqual(failures.slice(0, 10), [], 'every request was decided, none failed or was shed');
}

export const secrets = onpremText();
export const loginHtml = readFileSync(path.join(buildDir, pageFileOf(LOGIN_ROUTE)), 'utf8');
export const publicBodies = new Set(
  Object.entries(manifest.files)
    .filter(([, level]) => level === 'public')
    .map(([file]) => readFileSync(path.join(buildDir, file), 'utf8')),
);

/** On-prem page titles: what a reader would search for to fish for on-prem content. */
export const onpremTitles = Object.entries(manifest.files)
  .flatMap(([file, level]) => (level === 'onprem' ? (routeOfPageFile(file) ?? []) : []))
  .map(markdownFileOf)
  .filter((markdown) => markdown in manifest.files)
  .map((markdown) => /^# (.+)$/m.exec(readFileSync(path.join(buildDir, markdown), 'utf8'))?.[1] ?? '')
  .filter(Boolean);

/**
 * The on-prem pages whose address nothing outside the on-prem level names: every one but the
 * categories that routes.txt aliases point to (public: the aliases' 301s name them). An address
 * tells a reader that the page exists and what it is about, as the sitemap or a search hit would.
 */
export const onpremRoutes = Object.entries(manifest.files)
  .flatMap(([file, level]) => (level === 'onprem' ? (routeOfPageFile(file) ?? []) : []))
  .filter((route) => !Object.values(ROUTE_ALIASES).includes(route));

/** The on-prem routes a body names, with or without the trailing slash (`/on-prem/x`, `/on-prem/x.md`, …). */
export function onpremRoutesIn(body: string): string[] {
  return onpremRoutes.filter((route) => {
    const stem = route.slice(0, -1);
    for (let at = body.indexOf(stem); at >= 0; at = body.indexOf(stem, at + 1)) {
      if (!/[\w-]/.test(body[at + stem.length] ?? '')) return true;
    }
    return false;
  });
}

const buildIndex = buildFiles(Object.keys(manifest.files));

/** Whether a request path designates an on-prem file, as the gate resolves it. */
function designatesOnprem(url: string): boolean {
  const target = resolveTarget(url, buildIndex);
  return target.kind === 'file' && manifest.files[target.file] === 'onprem';
}

/**
 * Whether an answer to a request for an on-prem file is a denial: the login screen or a bare 401,
 * a bare 403, the redirect to /403/, or nothing. Access is decided before the spelling, so no
 * spelling of an on-prem file gets a redirect to its canonical address, let alone the file.
 */
function isDenial(status: number, headers: Record<string, unknown>): boolean {
  return [0, 401, 403].includes(status) || (status === 302 && headers.location === FORBIDDEN_ROUTE);
}

const found = new Map<string, { texts: string[]; routes: string[] }>();

/**
 * The on-prem texts and addresses in a body. Most answers repeat a body already seen (the login
 * screen, the not-found page, an error), so each distinct body is searched once.
 */
export function onpremIn(body: string): { texts: string[]; routes: string[] } {
  const key = createHash('sha256').update(body).digest('base64');
  let result = found.get(key);
  if (!result) {
    result = { texts: secrets.filter((secret) => body.includes(secret)), routes: onpremRoutesIn(body) };
    found.set(key, result);
  }
  return result;
}

/** A crawl callback that records what on-prem reached the crawling identity ("url (status): what"). */
export function leakCheck(leaks: string[]): Parameters<typeof crawl>[1] {
  return (url, status, body, headers) => {
    const { texts, routes } = onpremIn(body);
    for (const text of texts) leaks.push(`${url} (${status}): ${text}`);
    for (const route of routes) leaks.push(`${url} (${status}): names ${route}`);
    if (url.startsWith('/') && designatesOnprem(url) && !isDenial(status, headers)) {
      leaks.push(`${url} (${status}): an on-prem file, not denied`);
    }
  };
}

/** What on-prem reached `identity` anywhere in the crawl, at most 20. */
export async function leaksTo(t: import('node:test').TestContext, identity: Identity | null): Promise<string[]> {
  const app = await gate(t, identity);
  const leaks: string[] = [];
  await crawl(app, leakCheck(leaks));
  return leaks.slice(0, 20);
}
