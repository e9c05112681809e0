import { Piscina } from 'piscina';
import type { Passage } from '../ask/contract.ts';
import { type AskTask, retrieve } from '../ask/retrieve.ts';
import { RecordsError, SearchBusyError } from '../errors.ts';
import { FairQueue, QueueFullError } from '../protect/fair-queue.ts';
import { answer, loadCorpus, type SearchAnswer, type SearchTask } from './answer.ts';
import { costOf, HEAVY_COST } from './limits.ts';
import type { WorkerReady } from './worker.ts';

/** Answers search bodies: in worker threads (default), or on the event loop (SEARCH_WORKERS=0). */
export interface Searcher {
  /** Records in the engine (readiness, logs). */
  readonly records: number;
  /** Why the workers indexed the records at start-up instead of reading the build's snapshot; null when they read it. */
  readonly indexedAtStart: string | null;
  /** `reader`: whose search this is (protect/rate-limits.ts `readerKey`); readers take turns for the workers. */
  answer(task: SearchTask, reader: string): Promise<SearchAnswer>;
  /** The passages for a question ("Ask the docs", ask/retrieve.ts), in the same workers and the same turns. */
  retrieve(task: AskTask, reader: string): Promise<Passage[]>;
  close(): Promise<void>;
}

/**
 * Ranking and shaping a large body takes 50–200 ms of CPU (1,000 hits with highlights); on the
 * event loop that is 50–200 ms during which no other reader gets a byte. In a piscina pool the loop
 * only parses, checks and sends; the bench (`bench/hardening`) measures /healthz with and without.
 * Each worker holds its own engine (~30 MB of heap for today's 15k records) and the same records as
 * sections for "Ask the docs" (ask/sections.ts: 3 MB more), read from the build's snapshot
 * (snapshot.ts) or, without a current one, computed from the records.
 */
export async function startSearcher(buildDir: string, workers: number): Promise<Searcher> {
  if (workers === 0) {
    const { engine, sections, indexedAtStart } = await loadCorpus(buildDir);
    return {
      records: engine.size,
      indexedAtStart,
      answer: async (task) => answer(engine, task),
      retrieve: async (task) => retrieve(engine, sections, task),
      close: async () => {},
    };
  }
  const pool = new Piscina({
    // Each thread loads the TypeScript itself (Node's type stripping): no loader to register there.
    filename: new URL('./worker.ts', import.meta.url).href,
    workerData: { buildDir },
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Number.POSITIVE_INFINITY,
    // The fair queue below keeps this one empty; a bound all the same.
    maxQueue: workers * 4,
  });
  // Each reader may have two bodies waiting (the modal's next keystrokes); a few dozen readers may
  // wait at once. A freed worker takes the next reader's body, so nobody waits behind a backlog.
  const queue = new FairQueue({ slots: workers, perReader: 2, total: workers * 32 });
  let ready: WorkerReady;
  try {
    // Every worker loads the corpus; the first answer proves the files are sound (one line if not).
    const answers: WorkerReady[] = await Promise.all(Array.from({ length: workers }, () => pool.run({ ping: true })));
    ready = answers[0] as WorkerReady;
  } catch (error) {
    await pool.destroy();
    throw new RecordsError((error as Error).message);
  }
  const queued = async <T>(reader: string, task: unknown, kind: 'light' | 'heavy'): Promise<T> => {
    try {
      return await queue.run(reader, () => pool.run(task) as Promise<T>, kind);
    } catch (error) {
      if (error instanceof QueueFullError) throw new SearchBusyError();
      throw error;
    }
  };
  return {
    ...ready,
    answer: (task, reader) => {
      const cost = task.queries.reduce((sum, query) => sum + costOf(query), 0);
      return queued<SearchAnswer>(reader, task, cost > HEAVY_COST ? 'heavy' : 'light');
    },
    // A retrieval ranks a few dozen hits, like a modal's search: light.
    retrieve: (task, reader) => queued<Passage[]>(reader, task, 'light'),
    close: () => pool.destroy(),
  };
}
