/**
 * The corpus snapshot (search/snapshot.ts): a worker that reads it answers exactly as one that
 * indexed the records, and it is read only when it was made from the build's current files.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { retrieve } from '../src/ask/retrieve.ts';
import { buildSections } from '../src/ask/sections.ts';
import { answer, loadCorpus } from '../src/search/answer.ts';
import { buildIndexData } from '../src/search/engine/index-build.ts';
import { parseQuery } from '../src/search/params.ts';
import { loadRecords, loadSynonyms, SEARCH_RECORDS_FILE, SEARCH_SYNONYMS_FILE } from '../src/search/records.ts';
import { startSearcher } from '../src/search/searcher.ts';
import { CORPUS_SNAPSHOT_FILE, readSnapshot, snapshotStale, writeSnapshot } from '../src/search/snapshot.ts';
import { fixtureRecords } from './search-fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const siteBuild = path.join(root, 'site/build');

function fixtureBuild(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-snapshot-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, SEARCH_RECORDS_FILE), JSON.stringify(fixtureRecords()));
  writeFileSync(path.join(dir, SEARCH_SYNONYMS_FILE), JSON.stringify([['entity', 'slot type']]));
  return dir;
}

/** The build's files without its snapshot: the corpus a worker indexes at start-up. */
function withoutSnapshot(t: { after(fn: () => void): void }, buildDir: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tala-no-snapshot-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const file of [SEARCH_RECORDS_FILE, SEARCH_SYNONYMS_FILE]) {
    copyFileSync(path.join(buildDir, file), path.join(dir, file));
  }
  return dir;
}

/** A search body without its timing (processingTimeMS differs from one run to the next). */
function untimed(body: string): unknown {
  const parsed = JSON.parse(body) as { results: { processingTimeMS?: number }[] };
  for (const result of parsed.results) delete result.processingTimeMS;
  return parsed;
}

const QUESTION_FILES = ['questions-tuning.json', 'questions-holdout.json', 'queries.json'];

test('SNAPSHOT-SAME a worker reading the build’s snapshot answers every bench query and question exactly as one that indexed the records', async (t) => {
  const [snapshot, indexed] = await Promise.all([loadCorpus(siteBuild), loadCorpus(withoutSnapshot(t, siteBuild))]);
  assert.equal(snapshot.indexedAtStart, null, 'npm run build wrote a current snapshot');
  assert.equal(indexed.indexedAtStart, 'the build has no search snapshot');
  assert.equal(snapshot.engine.size, indexed.engine.size);
  // What the snapshot holds is what the worker would compute: the records, the index data, the sections.
  const read = await readSnapshot(siteBuild);
  assert.ok('data' in read);
  const records = await loadRecords(siteBuild);
  assert.ok(isDeepStrictEqual(read.data.records, records), 'the records');
  assert.ok(isDeepStrictEqual(read.data.index, buildIndexData(records, await loadSynonyms(siteBuild))), 'the index');
  assert.ok(isDeepStrictEqual(read.data.sections, buildSections(records)), 'the sections');
  const queries = QUESTION_FILES.flatMap((file) =>
    (JSON.parse(readFileSync(path.join(root, 'bench/search', file), 'utf8')) as { query: string }[]).map(
      (q) => q.query,
    ),
  );
  assert.ok(queries.length > 150, `${queries.length} queries`);
  // Typos, prefixes and the highlights' word forms too: each query also as its first 7 letters and with a letter dropped.
  const variants = queries.flatMap((q) => [q, q.slice(0, 7), q.slice(0, 3) + q.slice(4)]);
  for (const allowed of [
    ['public', 'reader'],
    ['public', 'reader', 'onprem'],
  ] as const) {
    // The variants for the admin only: the reader's admission differs, the index read does not.
    for (const query of allowed.length === 2 ? queries : variants) {
      const task = {
        queries: [parseQuery({ indexName: 'tala', params: `query=${encodeURIComponent(query)}&facets=type` })],
        allowed: [...allowed],
        origin: 'https://docs.tala.example',
      };
      const [a, b] = [answer(snapshot.engine, task), answer(indexed.engine, task)];
      // isDeepStrictEqual: a difference is one line of the report, not pages of both bodies.
      assert.ok(isDeepStrictEqual(untimed(a.body), untimed(b.body)), `the answers to "${query}" differ`);
    }
    for (const question of queries) {
      const ask = { kind: 'ask', question, history: [], allowed: [...allowed], limit: 6 } as const;
      const same = isDeepStrictEqual(
        retrieve(snapshot.engine, snapshot.sections, ask),
        retrieve(indexed.engine, indexed.sections, ask),
      );
      assert.ok(same, `the passages for "${question}" differ`);
    }
  }
});

test('SNAPSHOT-SAME the search workers read the snapshot in their threads, and say when they indexed the records instead', async (t) => {
  const dir = fixtureBuild(t);
  const cold = await startSearcher(dir, 1);
  t.after(() => cold.close());
  assert.equal(cold.indexedAtStart, 'the build has no search snapshot');
  await writeSnapshot(dir);
  const warm = await startSearcher(dir, 1);
  t.after(() => warm.close());
  assert.equal(warm.indexedAtStart, null);
  assert.equal(warm.records, cold.records);
  const task = {
    queries: [parseQuery({ indexName: 'tala', params: 'query=slot%20type' })],
    allowed: ['public', 'reader'] as const,
    origin: 'https://x.example',
  };
  const [a, b] = await Promise.all([
    warm.answer({ ...task, allowed: [...task.allowed] }, 'r'),
    cold.answer({ ...task, allowed: [...task.allowed] }, 'r'),
  ]);
  assert.deepEqual(untimed(a.body), untimed(b.body));
  assert.ok(a.hits[0] && a.hits[0] > 0, 'the synonym finds the entity pages from the snapshot too');
});

test('SNAPSHOT-STALE a snapshot of other records or synonyms, cut short or not a snapshot is not read, and the reason is given', async (t) => {
  const dir = fixtureBuild(t);
  const file = path.join(dir, CORPUS_SNAPSHOT_FILE);
  const records = path.join(dir, SEARCH_RECORDS_FILE);
  const synonyms = path.join(dir, SEARCH_SYNONYMS_FILE);
  const why = async () => {
    const read = await readSnapshot(dir);
    return 'why' in read ? read.why : null;
  };
  assert.equal(await why(), 'the build has no search snapshot');
  await writeSnapshot(dir);
  assert.equal(await why(), null);

  const original = readFileSync(records);
  appendFileSync(records, ' ');
  assert.match(String(await why()), /stale/, 'a rebuilt site without a new snapshot');
  writeFileSync(records, original);
  assert.equal(await why(), null);

  writeFileSync(synonyms, JSON.stringify([['entity', 'slot']]));
  assert.match(String(await why()), /stale/, 'other synonyms');
  writeFileSync(synonyms, JSON.stringify([['entity', 'slot type']]));
  assert.equal(await why(), null);

  const whole = readFileSync(file);
  truncateSync(file, whole.length - 100);
  assert.equal(await why(), 'the search snapshot is truncated');
  writeFileSync(file, 'not a snapshot at all');
  assert.equal(await why(), 'the search snapshot is not one (no header)');
  const header = JSON.stringify({ format: 'tala-search-corpus/0', key: 'x', payloadBytes: 0 });
  const length = Buffer.alloc(4);
  length.writeUInt32BE(Buffer.byteLength(header));
  writeFileSync(file, Buffer.concat([length, Buffer.from(header)]));
  assert.equal(await why(), 'the search snapshot is of another format (tala-search-corpus/0)');
  // Its payload damaged past the header: read, found wanting, not a crash.
  writeFileSync(file, Buffer.concat([whole.subarray(0, whole.length - 2000), Buffer.alloc(2000, 7)]));
  assert.match(String(await why()), /cannot be read|does not hold a corpus/);

  const corpus = await loadCorpus(dir);
  assert.match(String(corpus.indexedAtStart), /cannot be read|does not hold a corpus/);
  assert.equal(corpus.engine.size, (await loadRecords(dir)).length, 'the records indexed instead');
});

test('SNAPSHOT-STALE `snapshot.ts --if-stale` (npm start) writes the snapshot only when the build’s is not current', async (t) => {
  const dir = fixtureBuild(t);
  const script = path.join(root, 'server/src/search/snapshot.ts');
  const run = () => execFileSync(process.execPath, [script, '--if-stale', dir], { encoding: 'utf8' });
  assert.match(run(), /search snapshot: \d+ records/, 'none yet: written');
  assert.equal(await snapshotStale(dir), null);
  assert.equal(run(), '', 'current: left as it is');
  appendFileSync(path.join(dir, SEARCH_RECORDS_FILE), '\n');
  assert.match(String(await snapshotStale(dir)), /stale/);
  assert.match(run(), /search snapshot: \d+ records/, 'stale: written again');
  assert.equal(await snapshotStale(dir), null);
});
