import { type Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
}

/**
 * One HTTP request with node:http rather than fetch: the tests talk to a gate's own port while
 * naming the load balancer's origin in Host, which fetch does not allow.
 */
export function send(url: string, { method = 'GET', headers = {}, body, agent }: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      // 'aborted' covers a response cut off mid-body (the upstream died after sending headers).
      res.on('aborted', () => reject(new Error(`${method} ${url}: response aborted`)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${url}: no answer within 10 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** `name=value` of each Set-Cookie header. */
export function setCookies(headers: IncomingHttpHeaders): Map<string, string> {
  return new Map(
    (headers['set-cookie'] ?? []).map((line) => {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      return [pair.slice(0, index).trim(), pair.slice(index + 1)];
    }),
  );
}

/** A minimal cookie jar (the identity provider's cookies across its redirects). */
export class Jar {
  private readonly cookies = new Map<string, string>();
  store(headers: IncomingHttpHeaders): void {
    for (const [name, value] of setCookies(headers)) this.cookies.set(name, value);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
