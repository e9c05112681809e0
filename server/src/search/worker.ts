import { workerData } from 'node:worker_threads';
import { answer, loadEngine, type SearchAnswer, type SearchTask } from './answer.ts';

/**
 * A search worker thread (searcher.ts starts them): its own engine from the build's records, built
 * once when the thread starts; piscina waits for this module (top-level await) before handing it
 * tasks.
 */
const engine = await loadEngine((workerData as { buildDir: string }).buildDir);

export default function run(task: SearchTask | { ping: true }): SearchAnswer | number {
  return 'ping' in task ? engine.size : answer(engine, task);
}
