import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { normalisePath, pageFileOf } from '@tala/policy';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/**
 * The file under `root` that a request path names when `root` is served under `prefix`, or null.
 * The path is normalised as the gate normalises it (decoded once, never above `root`); a route
 * (`/x/`) is its page file as the path model names it, and `/x` is the file `x` or else the page of
 * `/x/`. Nothing else is a page: `/fooindex.html` is that file, never the page of `/foo`.
 */
export async function staticFile(root: string, prefix: string, pathname: string): Promise<string | null> {
  const normalised = normalisePath(pathname);
  if (normalised === null || !normalised.startsWith(prefix)) return null;
  const route = `/${normalised.slice(prefix.length)}`;
  const candidates = route.endsWith('/') ? [pageFileOf(route)] : [route.slice(1), pageFileOf(route)];
  for (const candidate of candidates) {
    const file = path.join(root, candidate);
    if (await isFile(file)) return file;
  }
  return null;
}

/**
 * A plain static server on a free loopback port: `root` served under `prefix` (a route answers
 * with its page), 404 for anything else. For built sites the gate does not serve.
 */
export async function serveStatic(root: string, prefix = '/'): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer(async (request, response) => {
    const file = await staticFile(root, prefix, new URL(request.url ?? '/', 'http://localhost').pathname);
    if (file) {
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
