import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Runs a post-build function over many pages on worker threads, one shard per core: the steps
 * that parse every page's HTML are CPU work on one thread otherwise (the page Markdown step took 67
 * of the 409 s of a 3,337-page build, bench/scale). Node's worker_threads rather than a pool
 * library: one call per step, shards of equal size, nothing to keep alive between calls.
 *
 * Measured on the Markdown step, 2 cores: 2,724 pages 102 → 72 s; 414 pages no faster (each worker
 * loads its modules and warms its own JIT), hence `inlineBelow` 1,000 by default.
 *
 * The function lives in a module of its own (`modulePath`, absolute) and is exported by name; it
 * takes a shard of the items and returns one result per item, in order. Workers load TypeScript
 * through tsx (the site's build already runs its scripts with it); below `inlineBelow` items, or
 * with one core, it runs in this thread instead.
 */
export interface WorkerJob<Item, Shared, Result> {
  modulePath: string;
  exportName: string;
  /** The same function, for running in this thread. */
  run: (items: readonly Item[], shared: Shared) => Promise<Result[]>;
  items: readonly Item[];
  /** Shared input each call gets besides its shard (must survive structured cloning). */
  shared: Shared;
  inlineBelow?: number;
  workers?: number;
}

const ENTRY = fileURLToPath(new URL('./worker-entry.ts', import.meta.url));

export async function mapInWorkers<Item, Shared, Result>(job: WorkerJob<Item, Shared, Result>): Promise<Result[]> {
  const count = Math.min(job.workers ?? availableParallelism(), Math.ceil(job.items.length / 25));
  if (job.items.length < (job.inlineBelow ?? 1000) || count <= 1) return job.run(job.items, job.shared);
  const size = Math.ceil(job.items.length / count);
  const shards = Array.from({ length: count }, (_, i) => job.items.slice(i * size, (i + 1) * size));
  const results = await Promise.all(
    shards.map(
      (shard) =>
        new Promise<Result[]>((resolve, reject) => {
          const worker = new Worker(ENTRY, {
            execArgv: ['--import', 'tsx'],
            workerData: { modulePath: job.modulePath, exportName: job.exportName, items: shard, shared: job.shared },
          });
          worker.once('message', (message: { results?: Result[]; error?: string }) => {
            if (message.error !== undefined)
              reject(new Error(`post-build worker (${job.exportName}): ${message.error}`));
            else resolve(message.results ?? []);
          });
          worker.once('error', reject);
          worker.once('exit', (code) => {
            if (code !== 0) reject(new Error(`post-build worker (${job.exportName}) exited with ${code}`));
          });
        }),
    ),
  );
  return results.flat();
}
