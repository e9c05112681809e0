import { workerData } from 'node:worker_threads';
import type { Passage } from '../ask/contract.ts';
import { type AskTask, retrieve } from '../ask/retrieve.ts';
import { answer, loadCorpus, type SearchAnswer, type SearchTask } from './answer.ts';

/**
 * A search worker thread (searcher.ts starts them): its own engine and sections, read from the
 * build's snapshot or built from its records once when the thread starts; piscina waits for this
 * module (top-level await) before handing it tasks. It answers search bodies and, for "Ask the docs", retrievals.
 */
const corpus = await loadCorpus((workerData as { buildDir: string }).buildDir);

/** A ping's answer: the worker is ready, with how many records and where its index came from. */
export interface WorkerReady {
  records: number;
  indexedAtStart: string | null;
}

export default function run(task: SearchTask | AskTask | { ping: true }): SearchAnswer | Passage[] | WorkerReady {
  if ('ping' in task) return { records: corpus.engine.size, indexedAtStart: corpus.indexedAtStart };
  if ('kind' in task) return retrieve(corpus.engine, corpus.sections, task);
  return answer(corpus.engine, task);
}
