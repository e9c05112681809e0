/**
 * Loads src/search/lite-client.ts in Node as the browser bundle has it, for wire-protocol tests:
 * `@tala/algoliasearch-lite-upstream` is Algolia's *browser* build of algoliasearch/lite (as
 * plugins/search/search-client aliases it), `@generated/docusaurus.config` and
 * `@docusaurus/ExecutionEnvironment` are stubs, and `window` has a location and a fetch that answers
 * /api/session with the search credentials a test sets. The transport is a small node:http
 * requester (the browser's is XMLHttpRequest); everything above it is the bundle's code.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import Module from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { liteClient as LiteClient } from 'algoliasearch/lite';
import type { SearchCredentials } from '../../session/session-store';

type Options = NonNullable<Parameters<typeof LiteClient>[2]>;
export type Requester = NonNullable<Options['requester']>;
export type SentRequest = Parameters<Requester['send']>[0];

const siteConfig = {
  customFields: { pagesPrefix: '' },
  themeConfig: { algolia: { appId: 'TALADOCS', apiKey: 'portal-session', indexName: 'tala-docs' } },
};
const stubs: Record<string, unknown> = {
  '@generated/docusaurus.config': siteConfig,
  '@docusaurus/ExecutionEnvironment': { canUseDOM: false },
};
const browserBuild = require
  .resolve('algoliasearch/lite')
  .replace(/builds[/\\]node\.c?js$/, path.join('builds', 'browser.js'));

let session: Partial<SearchCredentials> = {};

/** The portal's search modules, loaded once per test file; `window.location` is the portal. */
export async function loadPortalClient(portalHost: string) {
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    if (request === '@tala/algoliasearch-lite-upstream') return browserBuild;
    if (request in stubs) {
      const file = path.join(__dirname, '.stubs', request);
      require.cache[file] ??= { id: file, filename: file, loaded: true, exports: stubs[request] } as NodeJS.Module;
      return file;
    }
    return resolve.call(this, request, ...rest);
  };
  Object.assign(globalThis, {
    window: {
      location: { host: portalHost, protocol: 'http:', reload: () => {} },
      fetch: async () => ({ ok: true, status: 200, json: async () => ({ name: null, roles: [], search: session }) }),
    },
    document: { querySelector: () => null },
  });
  const [client, sessionModule] = await Promise.all([import('../lite-client'), import('../../session')]);
  return {
    ...client,
    /** What /api/session says from now on (hosts null: the portal answers). */
    async signIn(search: Partial<SearchCredentials>) {
      session = { appId: 'TALADOCS', indexName: 'tala-docs', ...search };
      await sessionModule.sessionStore.refresh();
    },
  };
}

/** A requester over node:http that logs every request the client hands it. */
export function httpRequester(sent: SentRequest[]): Requester {
  return {
    send: (request) =>
      new Promise((resolve) => {
        sent.push(request);
        const outgoing = httpRequest(request.url, { method: request.method, headers: request.headers, agent: false });
        const timer = setTimeout(() => {
          outgoing.destroy();
          resolve({ status: 0, content: 'Connection timeout', isTimedOut: true });
        }, request.connectTimeout);
        outgoing.on('response', (response) => {
          clearTimeout(timer);
          let content = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            content += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, content, isTimedOut: false }));
        });
        outgoing.on('error', (error) => {
          clearTimeout(timer);
          resolve({ status: 0, content: error.message, isTimedOut: false });
        });
        outgoing.end(request.data);
      }),
  };
}

export interface Received {
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A search host on a free loopback port that answers with `answer` and logs what it receives. */
export async function searchHost(answer: (received: Received) => { status: number; body: string }) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const entry = { url: new URL(request.url ?? '/', 'http://host'), headers: request.headers, body };
      received.push(entry);
      const { status, body: content } = answer(entry);
      response.writeHead(status, { 'content-type': 'application/json' }).end(content);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    host,
    origin: `http://${host}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
export const NO_HITS = json(200, { results: [{ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20 }] });
