import type { FastifyInstance } from 'fastify';
import { badJson } from '../errors.ts';

/**
 * Request bodies nest at most this deep. The deepest body the portal accepts is a search
 * `{"requests":[{"facetFilters":[["a:b"]]}]}` (depth 4); Algolia's own filters stay well inside 8.
 */
export const MAX_JSON_DEPTH = 8;

/**
 * The nesting depth of JSON text, counted without parsing, so a hostile `[[[[…` is refused before
 * `JSON.parse` builds it or any later walk (serialising, comparing) overflows the stack — which
 * used to answer 500. Hand-written because neither JSON.parse nor secure-json-parse (Fastify's
 * parser) take a depth limit; it only tracks strings and brackets, JSON.parse still validates.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** JSON.parse with the depth limit and without prototype keys; errors are 400 `GATE_ERR_BAD_JSON`. */
export function parseJsonText(text: string, what = 'body'): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
    throw badJson(`${what}: JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text, (key, value) => (key === '__proto__' || key === 'constructor' ? undefined : value));
  } catch {
    throw badJson(`${what}: invalid JSON`);
  }
}

/** Replaces Fastify's JSON body parser for the whole app: every JSON body goes through the limit. */
export function limitedJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, parseJsonText(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
