import type { AccessLevel } from '@tala/policy';
import { buildSections, type SectionIndex } from '../ask/sections.ts';
import { SearchEngine } from './engine.ts';
import type { QueryParams } from './params.ts';
import { loadRecords, loadSynonyms } from './records.ts';
import { respond } from './respond.ts';

/** One multi-query body, validated and bounded on the event loop (params.ts), ready to rank. */
export interface SearchTask {
  queries: QueryParams[];
  allowed: AccessLevel[];
  origin: string;
}

/** What a search worker holds: the engine, and the same records as sections for "Ask the docs" (ask/). */
export interface Corpus {
  readonly engine: SearchEngine;
  readonly sections: SectionIndex;
}

export async function loadCorpus(buildDir: string): Promise<Corpus> {
  const [records, synonyms] = await Promise.all([loadRecords(buildDir), loadSynonyms(buildDir)]);
  return { engine: new SearchEngine(records, synonyms), sections: buildSections(records) };
}

/** A body answered: serialised where it was computed (a worker hands back one string, not a tree). */
export interface SearchAnswer {
  body: string;
  /** nbHits of each query, for the metrics. */
  hits: number[];
}

export function answer(engine: SearchEngine, task: SearchTask): SearchAnswer {
  const allowed = new Set(task.allowed);
  const results = task.queries.map((query) => respond(query, { engine, allowed, origin: task.origin }));
  return { body: JSON.stringify({ results }), hits: results.map((result) => result.nbHits) };
}
