import type { AccessLevel } from '@tala/policy';
import { buildSections, type SectionIndex } from '../ask/sections.ts';
import { QUESTION_RANKING, SearchEngine } from './engine.ts';
import type { QueryParams } from './params.ts';
import { loadRecords, loadSynonyms } from './records.ts';
import { respond } from './respond.ts';
import { readSnapshot } from './snapshot.ts';

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
  /** Why the records were indexed at start-up (snapshot.ts: none, or a stale one); null when the snapshot was read. */
  readonly indexedAtStart: string | null;
}

/** The build's corpus: its snapshot when it is current, else indexed from the records here. */
export async function loadCorpus(buildDir: string): Promise<Corpus> {
  const snapshot = await readSnapshot(buildDir);
  if ('data' in snapshot) {
    const { records, index, sections } = snapshot.data;
    return { engine: new SearchEngine(records, [], QUESTION_RANKING, index), sections, indexedAtStart: null };
  }
  const [records, synonyms] = await Promise.all([loadRecords(buildDir), loadSynonyms(buildDir)]);
  return {
    engine: new SearchEngine(records, synonyms),
    sections: buildSections(records),
    indexedAtStart: snapshot.why,
  };
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
