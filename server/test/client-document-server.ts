/**
 * An https server on loopback that serves client metadata documents (MCP 2026-07-28) for the tests,
 * with a certificate made for it (localhost and 127.0.0.1). The gate trusts it through the agent it
 * is given (in process) or NODE_EXTRA_CA_CERTS (a gate in its own process).
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import selfsigned from 'selfsigned';

export interface Route {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answers (a slow server). */
  hang?: boolean;
}

export interface DocumentServer {
  /** `https://localhost:{port}` */
  readonly origin: string;
  readonly port: number;
  /** Requests received, by path. */
  readonly hits: Map<string, number>;
  /** Trusts this server's certificate. */
  readonly agent: Agent;
  /** The certificate as a PEM file (NODE_EXTRA_CA_CERTS for a gate in its own process). */
  readonly caFile: string;
  serve(pathname: string, route: Route): void;
}

export async function startDocumentServer(t: TestContext): Promise<DocumentServer> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec' });
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const pathname = new URL(request.url ?? '/', 'https://localhost').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const route = routes.get(pathname);
    if (route?.hang) return;
    response.writeHead(route?.status ?? (route ? 200 : 404), {
      'content-type': 'application/json',
      ...route?.headers,
    });
    response.end(route?.body ?? '');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-cimd-'));
  const caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);
  const agent = new Agent({ ca: pems.cert });
  t.after(() => {
    agent.destroy();
    server.closeAllConnections();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    origin: `https://localhost:${port}`,
    port,
    hits,
    agent,
    caFile,
    serve: (pathname, route) => routes.set(pathname, route),
  };
}

/** A valid client metadata document for `url`. */
export function clientDocument(url: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    client_id: url,
    client_name: 'Docs Assistant 2026',
    redirect_uris: ['http://127.0.0.1:53682/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  });
}
