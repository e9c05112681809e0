/**
 * What the leak crawls share (leak-crawl*.test.ts, one file per identity so that each stays well
 * inside the per-file time limit when CI runs them side by side). Leak crawl over the real build (site/build): as an anonymous visitor, a reader and an on-prem
 * admin, request every file and every route of routes.txt, each in several spellings, and check
 * what comes back. The gate alone decides here (identities are injected; sign-in has its own tests).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ACCESS_MANIFEST_FILE, type AccessManifest, type Identity } from '@tala/policy';
import type { FastifyInstance } from 'fastify';
import { listFiles } from '../../site/plugins/access/manifest/list-files.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

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
  for (const markdown of markdownOf('onprem')) {
    const lines = markdown.split('\n').filter((line) => /^[\w`-][^|]{50,}$/.test(line) && !line.startsWith('Source:'));
    for (const line of lines.slice(0, 4)) texts.add(line.slice(0, 60));
  }
  return [...texts].filter((text) => !readerSources.includes(text) && !readerMarkdown.includes(text));
}

function listFilesSync(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
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

/** The spellings a request for page `p` may take; the gate must treat them all alike. */
function variants(p: string): string[] {
  const trimmed = p.endsWith('/') ? p.slice(0, -1) : p;
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
    ...(p.endsWith('/') && p !== '/' ? [trimmed, `${p}index.html`, `${trimmed}.html`] : []),
    // The page's Markdown (issue 16), at its file and at the `.md` alias, in other cases too.
    ...(p.endsWith('/') && p !== '/' ? [`${p}index.md`, `${trimmed}.md`, `${trimmed.toUpperCase()}.MD`] : []),
    ...(segments.length > 1 ? [`/${segments[0]}\\${segments.slice(1).join('/')}`] : []),
  ];
}

export const routes = readFileSync(path.join(root, 'spec/routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/') && !line.split('\t')[0]?.endsWith('*'))
  .map((line) => line.split('\t')[0] as string);
export const files = (await listFiles(buildDir)).map((f) => `/${f}`);
/** Every built page by its address, beyond the routes.txt list (generated API pages, sub-pages). */
export const pages = files.filter((f) => f.endsWith('/index.html')).map((f) => f.slice(0, -'index.html'.length));
export const targets = [
  ...[...new Set([...routes, ...pages])].flatMap(variants),
  ...files.filter((f) => !f.endsWith('/index.html')).flatMap(fileVariants),
];

export async function gate(t: import('node:test').TestContext, identity: Identity | null): Promise<FastifyInstance> {
  const config = loadConfig({
    BUILD_DIR: buildDir,
    LOG_LEVEL: 'silent',
    OIDC_ISSUER: 'https://idp.invalid',
    OIDC_CLIENT_ID: 'crawl',
    OIDC_CLIENT_SECRET: 'crawl',
    // Every answer must be a decision; a 503 from a stalled loop on a busy machine is not one.
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // The MCP crawl reads every page in a minute; a real assistant's budget would refuse that.
    MCP_CALLS_PER_MINUTE: '100000',
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

/** A GET with the path sent exactly as written (inject() would normalise it first). */
export function get(app: FastifyInstance, rawPath: string, headers: Record<string, string>): Promise<RawResponse> {
  const { port } = app.server.address() as import('node:net').AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, headers, agent }, (res) => {
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
    req.end();
  });
}

export function bodyOf(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  // UTF-8, so that on-prem text in Chinese, Japanese, Korean or Turkish is found as written.
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

export async function crawl(app: FastifyInstance, onResponse: (url: string, status: number, body: string) => void) {
  // Every spelling with compression allowed, and every plain path without it.
  const requests = [
    ...targets.map((url) => [url, 'br, gzip'] as const),
    ...[...new Set([...routes, ...pages, ...files])].map((url) => [url, 'identity'] as const),
  ];
  // A 5xx decides nothing (a 503 from load shedding "leaks" nothing either): every answer must be
  // the gate's access decision, or the crawl proves nothing.
  const failures: string[] = [];
  for (const [url, encoding] of requests) {
    const res = await get(app, url, { 'accept-encoding': encoding, accept: 'text/html,*/*' });
    if (res.statusCode >= 500) failures.push(`${url} → ${res.statusCode}`);
    onResponse(url, res.statusCode, bodyOf(res));
  }
  assert.deepEqual(failures.slice(0, 10), [], 'every request was decided, none failed or was shed');
}

export const secrets = onpremText();
export const loginHtml = readFileSync(path.join(buildDir, 'Login/index.html'), 'utf8');
export const publicBodies = new Set(
  Object.entries(manifest.files)
    .filter(([, level]) => level === 'public')
    .map(([file]) => readFileSync(path.join(buildDir, file), 'utf8')),
);

/** On-prem page titles: what a reader would search for to fish for on-prem content. */
export const onpremTitles = Object.entries(manifest.files)
  .filter(([file, level]) => level === 'onprem' && file.endsWith('/index.md'))
  .map(([file]) => /^# (.+)$/m.exec(readFileSync(path.join(buildDir, file), 'utf8'))?.[1] ?? '')
  .filter(Boolean);

/** The on-prem texts that reached `identity` anywhere in the crawl ("url (status): text"), at most 20. */
export async function leaksTo(t: import('node:test').TestContext, identity: Identity | null): Promise<string[]> {
  const app = await gate(t, identity);
  const leaks: string[] = [];
  await crawl(app, (url, status, body) => {
    for (const secret of secrets) if (body.includes(secret)) leaks.push(`${url} (${status}): ${secret}`);
  });
  return leaks.slice(0, 20);
}
