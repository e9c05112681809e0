import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import { isUtf8MimeType, mime } from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Files at most this large (per encoding) are held in memory; larger ones stream from disk. */
const MAX_CACHED_BYTES = 256 * 1024;
/** The whole cache: today's build holds ~14 MB of such files (brotli, gzip and small originals). */
const MAX_TOTAL_BYTES = 128 * 1024 * 1024;

interface Variant {
  body: Buffer;
  etag: string;
  lastModified: string;
}

interface CachedFile {
  type: string;
  /** By Content-Encoding: `br`, `gzip`, `identity`. */
  variants: Partial<Record<Encoding, Variant>>;
}

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

/**
 * The small files of the build, in memory, so that a page view costs no file-system calls
 * (@fastify/static stats each precompressed variant and opens a stream per request; that was most
 * of a signed-in page view's cost in bench/hardening). Hand-written because no maintained Fastify
 * plugin serves precompressed files from memory; it answers only the plain case — a whole file,
 * optionally `If-None-Match` — with the same headers as @fastify/send (its own MIME table and weak
 * ETag format). Ranges, other conditional requests and large files go to @fastify/static.
 * The build is immutable while a gate runs (a new build means a new gate), so nothing is invalidated.
 */
export class FileCache {
  private readonly files: ReadonlyMap<string, CachedFile>;

  private constructor(files: ReadonlyMap<string, CachedFile>) {
    this.files = files;
  }

  static async load(
    buildDir: string,
    names: Iterable<string>,
    { maxFileBytes = MAX_CACHED_BYTES, maxTotalBytes = MAX_TOTAL_BYTES } = {},
  ): Promise<FileCache> {
    const list = [...names];
    const variantPath = (name: string, encoding: Encoding) => path.join(buildDir, `${name}${SUFFIX[encoding]}`);
    // The file system is asked many things at once: one at a time, the stats and reads of a
    // 3,412-page build took 2.3 s, 64 at a time 0.6 s (docs/decisions/growth-with-content.md).
    const infos = await inParallel(list, (name) =>
      Promise.all(ENCODINGS.map((encoding) => stat(variantPath(name, encoding)).catch(() => null))),
    );
    // Which files fit is decided in the manifest's order, as if read one by one.
    const chosen: { name: string; encoding: Encoding; info: Stats }[] = [];
    let total = 0;
    list.forEach((name, i) => {
      ENCODINGS.forEach((encoding, e) => {
        const info = infos[i]?.[e];
        if (!info?.isFile() || info.size > maxFileBytes || total + info.size > maxTotalBytes) return;
        total += info.size;
        chosen.push({ name, encoding, info });
      });
    });
    const bodies = await inParallel(chosen, ({ name, encoding }) => readFile(variantPath(name, encoding)));
    const files = new Map<string, CachedFile>();
    chosen.forEach(({ name, encoding, info }, i) => {
      const file = files.get(name) ?? { type: '', variants: {} };
      file.variants[encoding] = {
        body: bodies[i] as Buffer,
        etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
        lastModified: info.mtime.toUTCString(),
      };
      files.set(name, file);
    });
    for (const [name, file] of files) {
      // Only complete sets: a client that accepts no encoding must find the original here too.
      if (!file.variants.identity) {
        files.delete(name);
        continue;
      }
      const type = mime.getType(name) ?? 'application/octet-stream';
      file.type = isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
    }
    return new FileCache(files);
  }

  get size(): number {
    return this.files.size;
  }

  /** Sends `file` from memory and returns true, or returns false for @fastify/static to handle. */
  trySend(request: FastifyRequest, reply: FastifyReply, file: string): boolean {
    const cached = this.files.get(file);
    const { headers } = request;
    if (
      !cached ||
      headers.range ||
      headers['if-modified-since'] ||
      headers['if-match'] ||
      headers['if-unmodified-since']
    )
      return false;
    const encoding = pickEncoding(String(headers['accept-encoding'] ?? ''), cached);
    const variant = cached.variants[encoding] as Variant;
    reply
      .header('content-type', cached.type)
      .header('etag', variant.etag)
      .header('last-modified', variant.lastModified);
    reply.header('accept-ranges', 'bytes').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    if (etagMatches(headers['if-none-match'], variant.etag)) {
      void reply.code(304).send();
      return true;
    }
    void reply.header('content-length', variant.body.length).send(variant.body);
    return true;
  }
}

/** As @fastify/static negotiates its precompressed files (same negotiator; `*` counts as gzip). */
function pickEncoding(accept: string, cached: CachedFile): Encoding {
  const supported = (['br', 'gzip'] as const).filter((encoding) => cached.variants[encoding]);
  const chosen = accept === '' ? null : negotiate(accept.toLowerCase().replace(/\*/g, 'gzip'), supported);
  return (chosen as Encoding | null) ?? 'identity';
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** File-system calls in flight at once: enough to keep libuv's threads busy, few enough not to queue thousands. */
const IN_FLIGHT = 64;

/** `items.map(task)` with at most IN_FLIGHT tasks running; the results in the items' order. */
async function inParallel<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, runner));
  return results;
}
