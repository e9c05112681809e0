/**
 * Client ID Metadata Documents (MCP 2026-07-28, draft-ietf-oauth-client-id-metadata-document): a
 * client whose `client_id` is an https URL is described by the JSON at that URL, which the portal
 * fetches. Fetching a URL that anyone may choose is server-side request forgery waiting to happen,
 * so the fetch is as narrow as the draft's §6 asks:
 * - https only, and only to public unicast addresses: the name is resolved here and the connection
 *   goes to the address that was checked (no second lookup that a rebinding DNS could answer
 *   differently); private, loopback, link-local, CGNAT, multicast and reserved ranges are refused
 *   (loopback is allowed when ENVIRONMENT=development, where local assistants live);
 * - no redirects, at most 5 KB, at most 3 s;
 * - cached for the document's own lifetime (Cache-Control max-age), between 1 minute and 1 day, and
 *   failures for 1 minute, so a client_id cannot make the portal fetch on every request.
 * No library does this whole job (the MCP SDK leaves it to the authorization server); the address
 * ranges are ipaddr.js's.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { type Agent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { OAuthClientMetadataSchema } from '@modelcontextprotocol/core';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';

export const CLIENT_METADATA_LIMITS = {
  bytes: 5 * 1024,
  timeoutMs: 3_000,
  minTtlSeconds: 60,
  maxTtlSeconds: 24 * 3600,
  failureTtlSeconds: 60,
  /** Documents remembered at once (each ≤ 5 KB). */
  entries: 2_000,
} as const;

/** What the portal keeps of a document: the fields an authorization needs. */
export interface ClientMetadataDocument {
  readonly clientId: string;
  readonly clientName: string;
  readonly redirectUris: readonly string[];
}

/** Why a document was not accepted: said to the client (invalid_client), never with internal detail. */
export class ClientMetadataError extends Error {}

/** The MCP client SDK's rule for a URL-shaped client_id: https with a path. */
export function isClientMetadataUrl(clientId: string): boolean {
  if (!URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  return url.protocol === 'https:' && url.pathname !== '/';
}

const DocumentSchema = OAuthClientMetadataSchema.extend({
  client_id: z.string(),
  client_name: z.string().min(1).max(200),
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
});

type Range = ReturnType<ipaddr.IPv4['range']> | ReturnType<ipaddr.IPv6['range']>;

/** Whether the portal may connect to `address` to fetch a client document. */
export function isFetchableAddress(address: string, allowLoopback: boolean): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range: Range = parsed.range();
  if (range === 'unicast') return true;
  return allowLoopback && range === 'loopback';
}

export interface ClientMetadataOptions {
  /** Loopback documents are fetched (ENVIRONMENT=development: an assistant on the same machine). */
  readonly allowLoopback: boolean;
  /** The TLS agent: the system's trust store by default (tests trust their own CA through it). */
  readonly agent?: Agent;
}

/** Fetches, checks and caches client metadata documents. */
export class ClientMetadataResolver {
  private readonly cache = new LRUCache<string, ClientMetadataDocument | ClientMetadataError>({
    max: CLIENT_METADATA_LIMITS.entries,
    ttl: CLIENT_METADATA_LIMITS.minTtlSeconds * 1000,
  });
  /** One fetch per URL at a time, however many requests name it. */
  private readonly inFlight = new Map<string, Promise<ClientMetadataDocument>>();

  private readonly options: ClientMetadataOptions;

  constructor(options: ClientMetadataOptions) {
    this.options = options;
  }

  /** The document at `url`, from the cache or fetched; ClientMetadataError when it cannot be used. */
  async resolve(url: string): Promise<ClientMetadataDocument> {
    const cached = this.cache.get(url);
    if (cached instanceof ClientMetadataError) throw cached;
    if (cached) return cached;
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.fetchAndCache(url).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return pending;
  }

  private async fetchAndCache(url: string): Promise<ClientMetadataDocument> {
    try {
      const { body, maxAge } = await this.fetch(url);
      const document = parseDocument(url, body);
      const ttl = Math.min(
        Math.max(maxAge ?? 0, CLIENT_METADATA_LIMITS.minTtlSeconds),
        CLIENT_METADATA_LIMITS.maxTtlSeconds,
      );
      this.cache.set(url, document, { ttl: ttl * 1000 });
      return document;
    } catch (error) {
      const refusal =
        error instanceof ClientMetadataError
          ? error
          : new ClientMetadataError('the client metadata document could not be fetched');
      this.cache.set(url, refusal, { ttl: CLIENT_METADATA_LIMITS.failureTtlSeconds * 1000 });
      throw refusal;
    }
  }

  private fetch(address: string): Promise<{ body: string; maxAge: number | null }> {
    if (!isClientMetadataUrl(address)) throw new ClientMetadataError('client_id must be an https URL with a path');
    const url = new URL(address);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const { allowLoopback } = this.options;
    if (isIP(host) && !isFetchableAddress(host, allowLoopback)) {
      throw new ClientMetadataError('the client metadata document is on an address the portal does not fetch from');
    }
    // The connection's own lookup: the address checked is the address connected to.
    const lookup: LookupFunction = (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, '', 4);
        const list = addresses as unknown as LookupAddress[];
        const refused = list.find((entry) => !isFetchableAddress(entry.address, allowLoopback));
        if (refused || list.length === 0) {
          return callback(
            new ClientMetadataError('the client metadata document is on an address the portal does not fetch from'),
            '',
            4,
          );
        }
        if ((options as { all?: boolean }).all) return callback(null, list as never);
        const first = list[0] as LookupAddress;
        callback(null, first.address, first.family);
      });
    };
    return new Promise((resolve, reject) => {
      const request = httpsRequest(
        url,
        {
          method: 'GET',
          headers: { accept: 'application/json' },
          lookup,
          agent: this.options.agent,
          signal: AbortSignal.timeout(CLIENT_METADATA_LIMITS.timeoutMs),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status !== 200) {
            response.resume();
            const why = status >= 300 && status < 400 ? 'redirects are not followed' : `it answered ${status}`;
            return reject(new ClientMetadataError(`the client metadata document could not be fetched: ${why}`));
          }
          if (!/^application\/([\w.+-]*\+)?json\b/i.test(String(response.headers['content-type'] ?? ''))) {
            response.resume();
            return reject(new ClientMetadataError('the client metadata document must be application/json'));
          }
          const declared = Number(response.headers['content-length'] ?? 0);
          if (declared > CLIENT_METADATA_LIMITS.bytes) {
            response.destroy();
            return reject(tooLarge());
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > CLIENT_METADATA_LIMITS.bytes) {
              response.destroy();
              return reject(tooLarge());
            }
            chunks.push(chunk);
          });
          response.on('end', () =>
            resolve({
              body: Buffer.concat(chunks).toString('utf8'),
              maxAge: maxAgeOf(response.headers['cache-control']),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
  }
}

const tooLarge = () =>
  new ClientMetadataError(`the client metadata document is larger than ${CLIENT_METADATA_LIMITS.bytes} bytes`);

function maxAgeOf(cacheControl: string | undefined): number | null {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : null;
}

/** The document's checks: JSON, the required fields, `client_id` the URL itself, a public client. */
function parseDocument(url: string, body: string): ClientMetadataDocument {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ClientMetadataError('the client metadata document is not JSON');
  }
  const parsed = DocumentSchema.safeParse(json);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'the document';
    throw new ClientMetadataError(`the client metadata document is invalid: ${field}`);
  }
  const document = parsed.data;
  if (document.client_id !== url) throw new ClientMetadataError('client_id in the document must be its own URL');
  // A document is public: it cannot hold a secret, so the client authenticates with none.
  if (document.token_endpoint_auth_method !== undefined && document.token_endpoint_auth_method !== 'none') {
    throw new ClientMetadataError('a client metadata document client must use token_endpoint_auth_method none');
  }
  return { clientId: url, clientName: document.client_name, redirectUris: document.redirect_uris };
}
