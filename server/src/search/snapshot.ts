import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildSections } from '../ask/sections.ts';
import { buildIndexData } from './engine/index-build.ts';
import { loadRecords, loadSynonyms, SEARCH_RECORDS_FILE, SEARCH_SYNONYMS_FILE } from './records.ts';
import { type CorpusParts, layOut, type SnapshotLayout, takeIn } from './snapshot-layout.ts';

/**
 * The corpus snapshot: what a search worker would otherwise compute from the build's records at
 * start-up — the checked records, the engine's index data and the Ask sections — computed once by
 * `npm run build` (after the site) and written beside the records, so that every worker of every
 * replica reads it instead. At 10,433 pages that computation was about 14 s of a worker's start-up
 * on a 2-core runner (docs/decisions/growth-with-content.md, twelfth run).
 *
 * A worker reads it only when it was made from the same records and synonyms, by the same search
 * code and the same V8: its key hashes all of them. A site rebuilt without a new snapshot, an
 * edited engine or another Node makes the worker index the records as before, and the gate logs
 * why. The format is V8's own serialisation (node:v8): it keeps Maps, Sets, typed arrays and shared
 * references, and reads back several times faster than the same structures are computed; no
 * library of the field serialises an index of our own shape (MiniSearch's toJSON covers only its
 * own). Like the records, it is a dotfile of the build: the gate never serves it.
 */
export const CORPUS_SNAPSHOT_FILE = '.search-corpus.v8';
const FORMAT = 'tala-search-corpus/1';
/** A header longer than this is not one of ours. */
const MAX_HEADER_BYTES = 4096;

interface Header {
  format: string;
  key: string;
  payloadBytes: number;
}

/** The snapshot's data, or why a worker must index the records itself. */
export type SnapshotRead = { data: CorpusParts } | { why: string };

/** Computes the corpus from the build's records and writes the snapshot (atomically: a reader sees the old or the new). */
export async function writeSnapshot(buildDir: string): Promise<{ records: number; bytes: number }> {
  const key = await keyOf(buildDir);
  const [records, synonyms] = await Promise.all([loadRecords(buildDir), loadSynonyms(buildDir)]);
  const corpus = { records, index: buildIndexData(records, synonyms), sections: buildSections(records) };
  const payload = v8.serialize(layOut(corpus));
  const header = Buffer.from(JSON.stringify({ format: FORMAT, key, payloadBytes: payload.length } satisfies Header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  const file = path.join(buildDir, CORPUS_SNAPSHOT_FILE);
  const partial = `${file}.${process.pid}.partial`;
  const handle = await open(partial, 'w');
  try {
    for (const part of [length, header, payload]) await handle.write(part);
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return { records: records.length, bytes: 4 + header.length + payload.length };
}

/** Why the build's snapshot cannot be read for its current files, or null when it can (header and key only). */
export async function snapshotStale(buildDir: string): Promise<string | null> {
  const opened = await openSnapshot(buildDir);
  if ('why' in opened) return opened.why;
  await opened.handle.close();
  return null;
}

export async function readSnapshot(buildDir: string): Promise<SnapshotRead> {
  const opened = await openSnapshot(buildDir);
  if ('why' in opened) return opened;
  const { handle, start, payloadBytes } = opened;
  try {
    const payload = Buffer.allocUnsafe(payloadBytes);
    // One read returns at most 2 GiB on Linux: read until the payload is whole.
    for (let at = 0; at < payload.length; ) {
      const { bytesRead } = await handle.read(payload, at, payload.length - at, start + at);
      if (bytesRead === 0) return { why: 'the search snapshot is truncated' };
      at += bytesRead;
    }
    const layout = v8.deserialize(payload) as SnapshotLayout;
    if (
      !Array.isArray(layout?.records?.objectIDs) ||
      layout.index?.urlIds?.length !== layout.records.objectIDs.length
    ) {
      return { why: 'the search snapshot does not hold a corpus' };
    }
    return { data: takeIn(layout) };
  } catch (error) {
    return { why: `the search snapshot cannot be read (${(error as Error).message})` };
  } finally {
    await handle.close();
  }
}

/** The snapshot opened with its header checked against the build's files: where its payload starts, or why not. */
async function openSnapshot(
  buildDir: string,
): Promise<{ handle: FileHandle; start: number; payloadBytes: number } | { why: string }> {
  let handle: FileHandle;
  try {
    handle = await open(path.join(buildDir, CORPUS_SNAPSHOT_FILE));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      why: code === 'ENOENT' ? 'the build has no search snapshot' : `the search snapshot cannot be read (${code})`,
    };
  }
  const checked = await (async () => {
    const header = await readHeader(handle);
    if (!header) return { why: 'the search snapshot is not one (no header)' };
    if (header.format !== FORMAT) return { why: `the search snapshot is of another format (${header.format})` };
    const key = await keyOf(buildDir).catch(() => null);
    if (key !== header.key) {
      return { why: 'the search snapshot is stale (other records, synonyms, search code or Node than its own)' };
    }
    const { size } = await handle.stat();
    const start = 4 + header.headerBytes;
    if (size - start !== header.payloadBytes) return { why: 'the search snapshot is truncated' };
    return { handle, start, payloadBytes: header.payloadBytes };
  })().catch((error: Error) => ({ why: `the search snapshot cannot be read (${error.message})` }));
  if ('why' in checked) await handle.close();
  return checked;
}

async function readHeader(handle: FileHandle): Promise<(Header & { headerBytes: number }) | null> {
  const length = Buffer.alloc(4);
  if ((await handle.read(length, 0, 4, 0)).bytesRead !== 4) return null;
  const bytes = length.readUInt32BE();
  if (bytes === 0 || bytes > MAX_HEADER_BYTES) return null;
  const header = Buffer.alloc(bytes);
  if ((await handle.read(header, 0, bytes, 4)).bytesRead !== bytes) return null;
  try {
    const parsed = JSON.parse(header.toString('utf8')) as Partial<Header>;
    const { format, key, payloadBytes } = parsed;
    if (typeof format !== 'string' || typeof key !== 'string' || !Number.isSafeInteger(payloadBytes)) return null;
    return { format, key, payloadBytes: payloadBytes as number, headerBytes: bytes };
  } catch {
    return null;
  }
}

/**
 * What the snapshot was computed from: the records and synonyms files, the search code (this
 * folder, Ask's, the policy package's records format, and the tokeniser's dependencies) and the V8
 * that serialised it. Hashing the code's files rather than naming a format version: a change to
 * how words are indexed, however small, must not meet an index made the old way.
 */
async function keyOf(buildDir: string): Promise<string> {
  const hash = createHash('sha256').update(FORMAT).update('\0').update(process.versions.v8);
  for (const file of [SEARCH_RECORDS_FILE, SEARCH_SYNONYMS_FILE]) {
    hash.update(`\0${file}\0`);
    await hashFile(hash, path.join(buildDir, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      hash.update('\0absent');
    });
  }
  hash.update(await codeFingerprint());
  return hash.digest('hex');
}

async function hashFile(hash: Hash, file: string): Promise<void> {
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
}

let fingerprint: Promise<string> | undefined;
function codeFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const folders = [here, path.join(here, '../ask'), path.dirname(fileURLToPath(import.meta.resolve('@tala/policy')))];
    const hash = createHash('sha256');
    for (const folder of folders) {
      const files = (await readdir(folder, { recursive: true })).filter((f) => f.endsWith('.ts')).sort();
      for (const file of files) hash.update(`\0${file}\0`).update(await readFile(path.join(folder, file)));
    }
    for (const dependency of ['@orama/stemmers/english', '@orama/stopwords/english']) {
      hash.update(`\0${dependency}\0${await packageVersion(dependency)}`);
    }
    return hash.digest('hex');
  })();
  return fingerprint;
}

/** The installed version of the package a specifier resolves into (its nearest package.json with a version). */
async function packageVersion(specifier: string): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.resolve(specifier)));
  for (;;) {
    const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => null);
    const version = manifest ? (JSON.parse(manifest) as { version?: unknown }).version : undefined;
    if (typeof version === 'string') return version;
    const parent = path.dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

// `node server/src/search/snapshot.ts [--if-stale] [BUILD_DIR]`: the step `npm run build` runs after
// the site; with --if-stale (npm start), only when the build's snapshot is not current.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv[2] === '--if-stale';
  const dirArgument = process.argv[ifStale ? 3 : 2];
  const { loadConfig } = await import('../config.ts');
  const buildDir = path.resolve(dirArgument ?? loadConfig(process.env).buildDir);
  // Without --if-stale, written whatever the current one is (the build's own step).
  const stale = ifStale ? await snapshotStale(buildDir) : 'npm run build';
  if (stale !== null) {
    const started = performance.now();
    const { records, bytes } = await writeSnapshot(buildDir);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const size = `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    console.log(`[tala] search snapshot: ${records} records, ${size} in ${seconds} s (${CORPUS_SNAPSHOT_FILE})`);
  }
}
