import { workerData } from 'node:worker_threads';
import type { Passage } from '../ask/contract.ts';
import { type AskTask, retrieve } from '../ask/retrieve.ts';
import { answer, loadCorpus, type SearchAnswer, type SearchTask } from './answer.ts';

/**
 * A search worker thread (searcher.ts starts them): its own engine and sections from the build's
 * records, built once when the thread starts; piscina waits for this module (top-level await)
 * before handing it tasks. It answers search bodies and, for "Ask the docs", retrievals.
 */
const corpus = await loadCorpus((workerData as { buildDir: string }).buildDir);

export default function run(task: SearchTask | AskTask | { ping: true }): SearchAnswer | Passage[] | number {
  if ('ping' in task) return corpus.engine.size;
  if ('kind' in task) return retrieve(corpus.engine, corpus.sections, task);
  return answer(corpus.engine, task);
}
