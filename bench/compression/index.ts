/**
 * bench/compression: what compressing JSON answers saves and costs, against the same answers sent
 * uncompressed by the same gate in the same run. The real build's search records, the search
 * modal's request (20 hits, highlighting and snippets as DocSearch asks), every query of
 * bench/search/queries.json, rounds interleaved by encoding. Bytes are what goes on the wire; time is
 * the median request time over loopback (the gate's compression CPU, since loopback costs nothing).
 *
 *   npm run bench:compression            (BENCH_ROUNDS=5 by default)
 */

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { startLocalPortal } from '../local-portal.ts';
import { median } from '../stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const root = path.resolve(import.meta.dirname, '../..');
const queries = (
  JSON.parse(readFileSync(path.join(root, 'bench/search/queries.json'), 'utf8')) as { query: string }[]
).map((entry) => entry.query);
const ENCODINGS = ['identity', 'gzip', 'br'] as const;

function post(origin: string, query: string, encoding: string): Promise<{ bytes: number; ms: number }> {
  const body = JSON.stringify({
    requests: [
      {
        indexName: 'tala-docs',
        query,
        hitsPerPage: 20,
        attributesToRetrieve: ['hierarchy', 'content', 'url', 'type'],
        attributesToSnippet: ['content:10'],
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
      },
    ],
  });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}/1/indexes/*/queries`,
      { method: 'POST', headers: { 'content-type': 'text/plain', 'accept-encoding': encoding } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${query}: ${res.statusCode}`));
          const sent = res.headers['content-encoding'] ?? 'identity';
          if (bytes > 1024 && sent !== encoding) reject(new Error(`${query}: asked ${encoding}, got ${sent}`));
          resolve({ bytes, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const portal = await startLocalPortal(path.join(root, 'site/build'));
try {
  const samples = new Map(ENCODINGS.map((encoding) => [encoding, { bytes: [] as number[], ms: [] as number[] }]));
  for (const query of queries) await post(portal.origin, query, 'identity'); // warm the engine
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      for (const encoding of ENCODINGS) {
        const { bytes, ms } = await post(portal.origin, query, encoding);
        samples.get(encoding)?.bytes.push(bytes);
        samples.get(encoding)?.ms.push(ms);
      }
    }
  }
  const base = samples.get('identity') as { bytes: number[]; ms: number[] };
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  console.log(`\nSearch answers, ${queries.length} queries × ${ROUNDS} rounds (medians; byte ratios of all answers)`);
  console.log('| encoding | median bytes | bytes / identity | median ms | ms / identity |');
  console.log('|---|---|---|---|---|');
  for (const [encoding, { bytes, ms }] of samples) {
    console.log(
      `| ${encoding} | ${median(bytes)} | ${(total(bytes) / total(base.bytes)).toFixed(2)} | ${median(ms).toFixed(2)} | ${(median(ms) / median(base.ms)).toFixed(2)} |`,
    );
  }
} finally {
  await portal.close();
}
