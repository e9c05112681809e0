/**
 * The HTTP client of bench/search, in its own small process: the bench process holds every
 * engine's index, and its collections would be timed as the gate's latency. Reads a job as JSON on
 * stdin, writes the milliseconds of each timed request as JSON on stdout.
 */
import { text } from 'node:stream/consumers';

export interface HttpJob {
  origin: string;
  /** Searches (one query per request, DocSearch's body), or GET /healthz when null. */
  queries: string[] | null;
  indexName: string;
  /** Timed passes over the list. */
  runs: number;
  /** Untimed passes first (connections, the gate's JIT for these queries); at least one. */
  warmUp?: number;
}

/** DocSearch's request for one query, as the modal sends it. */
const searchBody = (indexName: string, query: string) =>
  JSON.stringify({
    requests: [
      {
        indexName,
        query,
        attributesToSnippet: ['hierarchy.lvl1:10', 'content:10'],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        hitsPerPage: 20,
        facetFilters: [
          'language:en',
          ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current', 'docusaurus_tag:docs-on-prem-current'],
        ],
      },
    ],
  });

async function run({ origin, queries, indexName, runs, warmUp = 1 }: HttpJob): Promise<number[]> {
  const requests = queries
    ? queries.map((query) => ({
        url: `${origin}/1/indexes/*/queries`,
        init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: searchBody(indexName, query) },
      }))
    : [{ url: `${origin}/healthz`, init: { method: 'GET' } }];
  const times: number[] = [];
  const untimed = Math.max(1, warmUp);
  for (let pass = 0; pass < untimed + runs; pass++) {
    for (const { url, init } of requests) {
      const started = process.hrtime.bigint();
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${'body' in init ? init.body : url}`);
      if (pass >= untimed) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  return times;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const job = JSON.parse(await text(process.stdin)) as HttpJob;
  process.stdout.write(JSON.stringify(await run(job)));
}
