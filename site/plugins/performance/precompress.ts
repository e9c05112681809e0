import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|txt|md|map|ico|webmanifest)$/;
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** The files every page loads (main.js, the webpack runtime, the stylesheet, the section route tables). */
const EVERY_PAGE = /^assets\/(js\/(main|runtime~main|tala-routes-[\w.-]+)\.[0-9a-f]+\.js|css\/[\w-]+\.[0-9a-f]+\.css)$/;

/**
 * Brotli quality by how often readers download a file. The files every page loads are few and
 * cached for a year: the maximum, 11. Everything else (pages, route chunks, Markdown copies, llms
 * files) at 6: on this portal's pages 7 took four times 6's time (1.1 → 4.4 ms a 58 KiB page) for
 * 0.3 % fewer bytes; on route chunks and Markdown 6 and 7 are within 0.2 % of each other. 10 and 9
 * cost 5–20× more for 1–7 % fewer bytes (docs/decisions/precompression-quality.md).
 */
export const brotliQuality = (file: string) => (EVERY_PAGE.test(file) ? constants.BROTLI_MAX_QUALITY : 6);

/**
 * Writes `.br` and `.gz` next to every compressible build file (this runs once per build, not per
 * request). The gate serves them to clients that accept the encoding.
 */
export async function precompress(outDir: string, files: readonly string[]): Promise<number> {
  const targets = files.filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  // zlib's async API runs on libuv's thread pool: a bounded window keeps every core busy.
  const queue = [...targets];
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const source = await readFile(path.join(outDir, file));
      if (source.length < MIN_BYTES) continue;
      const [br, gzipped] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality(file),
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gz(source, { level: 6 }),
      ]);
      await Promise.all([
        writeFile(path.join(outDir, `${file}.br`), br),
        writeFile(path.join(outDir, `${file}.gz`), gzipped),
      ]);
      written += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return written;
}
