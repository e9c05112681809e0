import { Piscina } from 'piscina';
import { RecordsError, SearchBusyError } from '../errors.ts';
import { FairQueue, QueueFullError } from '../protect/fair-queue.ts';
import { answer, loadEngine, type SearchAnswer, type SearchTask } from './answer.ts';
import { costOf, HEAVY_COST } from './limits.ts';

/** Answers search bodies: in worker threads (default), or on the event loop (SEARCH_WORKERS=0). */
export interface Searcher {
  /** Records in the engine (readiness, logs). */
  readonly records: number;
  /** `reader`: whose search this is (protect/rate-limits.ts `readerKey`); readers take turns for the workers. */
  answer(task: SearchTask, reader: string): Promise<SearchAnswer>;
  close(): Promise<void>;
}

/**
 * Ranking and shaping a large body takes 50–200 ms of CPU (1,000 hits with highlights); on the
 * event loop that is 50–200 ms during which no other reader gets a byte. In a piscina pool the loop
 * only parses, checks and sends; the bench (`bench/hardening`) measures /healthz with and without.
 * Each worker holds its own engine (~30 MB of heap for today's 15k records).
 */
export async function startSearcher(buildDir: string, workers: number): Promise<Searcher> {
  if (workers === 0) {
    const engine = await loadEngine(buildDir);
    return { records: engine.size, answer: async (task) => answer(engine, task), close: async () => {} };
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
  let records: number;
  try {
    // Every worker loads the records; the first answer proves the file is sound (one line if not).
    const sizes = await Promise.all(Array.from({ length: workers }, () => pool.run({ ping: true })));
    records = Number(sizes[0]);
  } catch (error) {
    await pool.destroy();
    throw new RecordsError((error as Error).message);
  }
  return {
    records,
    answer: async (task, reader) => {
      try {
        const cost = task.queries.reduce((sum, query) => sum + costOf(query), 0);
        const kind = cost > HEAVY_COST ? 'heavy' : 'light';
        return await queue.run(reader, () => pool.run(task) as Promise<SearchAnswer>, kind);
      } catch (error) {
        if (error instanceof QueueFullError) throw new SearchBusyError();
        throw error;
      }
    },
    close: () => pool.destroy(),
  };
}
