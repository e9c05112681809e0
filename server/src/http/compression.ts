import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON answers (search, `/api/*`, `/mcp`, errors) compressed when the client accepts it. Pages and
 * assets are not touched: the build precompresses them (.br/.gz, served by @fastify/static), and
 * compressing them again per request would spend CPU on every read. Brotli at quality 4 (the
 * plugin's default, not zlib's 11): close to gzip's speed with smaller answers. Answers under 1 KB
 * stay as they are. None of these answers reflects a reader's input next to a secret of theirs,
 * the condition for BREACH-style guessing through compressed sizes.
 */
export async function jsonCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    customTypes: /^application\/json\b/,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Request bodies stay as sent: a compressed body would be a way around the body limits.
    globalDecompression: false,
  });
}
