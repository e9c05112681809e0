/** A worker thread of workers.ts: imports the module, runs the named function on its shard, reports back. */
import { parentPort, workerData } from 'node:worker_threads';

const { modulePath, exportName, items, shared } = workerData as {
  modulePath: string;
  exportName: string;
  items: unknown[];
  shared: unknown;
};

// No top-level await: the site's TypeScript loads as CommonJS.
void (async () => {
  try {
    const module = (await import(modulePath)) as Record<
      string,
      (items: unknown[], shared: unknown) => Promise<unknown[]>
    >;
    const run = module[exportName];
    if (!run) throw new Error(`${modulePath} exports no ${exportName}`);
    parentPort?.postMessage({ results: await run(items, shared) });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
})();
