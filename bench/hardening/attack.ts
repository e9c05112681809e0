/**
 * The attackers of bench/hardening, in their own process so that receiving megabytes of answers
 * does not slow the /healthz prober: CLIENTS signed-in readers (distinct sessions), each sending
 * the heaviest search body the endpoint accepts, back to back, until killed.
 *   node --import tsx bench/hardening/attack.ts <origin> <clients>
 */
import { Agent, request } from 'node:http';
import { PORTAL_DEFAULTS } from '@tala/policy';
import { SEARCH_LIMITS } from '@tala/server/src/search/limits.ts';
import { readerCookie } from './gate.ts';

const [origin = '', clients = '6'] = process.argv.slice(2);
const tag = `<mark class="${'x'.repeat(SEARCH_LIMITS.tagLength - 15)}">`.slice(0, SEARCH_LIMITS.tagLength);
/** One query of Algolia's maximum page, a word in nearly every record, long tags, every attribute shaped. */
export const HEAVIEST_BODY = JSON.stringify({
  requests: [
    {
      indexName: PORTAL_DEFAULTS.search.indexName,
      query: 'the',
      hitsPerPage: SEARCH_LIMITS.hitsPerPage,
      attributesToHighlight: ['*'],
      attributesToSnippet: ['hierarchy:100', 'content:100'],
      highlightPreTag: tag,
      highlightPostTag: tag,
      snippetEllipsisText: tag,
    },
  ],
});

const agent = new Agent({ keepAlive: true, maxSockets: Number(clients) });
const counts: Record<number, number> = {};

async function client(): Promise<never> {
  const cookie = await readerCookie();
  for (;;) {
    const status = await new Promise<number>((resolve) => {
      const req = request(
        `${origin}/1/indexes/*/queries`,
        { method: 'POST', agent, headers: { cookie, 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(HEAVIEST_BODY);
    });
    counts[status] = (counts[status] ?? 0) + 1;
  }
}

process.on('SIGTERM', () => {
  process.stdout.write(JSON.stringify(counts));
  process.exit(0);
});
for (let i = 0; i < Number(clients); i++) void client();
