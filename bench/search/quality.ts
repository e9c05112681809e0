import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How bench/search scores a ranking, shared by the bench and the MiniSearch tuning script so that
 * both count a success the same way.
 */

export interface Query {
  query: string;
  expected: string[];
  kind: string;
}

/**
 * `queries.json` is the tuning set: ranking rules, records and the tuned MiniSearch were adjusted
 * while looking at its misses. `queries-holdout.json` was written blind to the engine and is never
 * tuned against; a rule that helps the first set but not the second is fitting the set, not the readers.
 */
export const TUNING_FILE = 'queries.json';
export const HELD_OUT_FILE = 'queries-holdout.json';
/**
 * Questions and task phrasings as readers type them, written blind from the pages only by
 * a writer who never saw the engine, each expected page checked against a quote from it
 * (`evidence`). Split at random, stratified by kind, into two halves before the first run; only the
 * tuning half is ever looked at when changing the ranking.
 */
export const QUESTIONS_TUNING_FILE = 'questions-tuning.json';
export const QUESTIONS_HELD_OUT_FILE = 'questions-holdout.json';
/**
 * A second held-out half: questions written later by another blind writer (the tuning file holds
 * the other half of that batch), for goals that the first held-out half informed once.
 */
export const QUESTIONS_HELD_OUT_FRESH_FILE = 'questions-holdout-fresh.json';

export function loadQueries(file: string): Query[] {
  return JSON.parse(readFileSync(path.resolve(import.meta.dirname, file), 'utf8')) as Query[];
}

/** A hit's page: its URL without the anchor (several hits of one page count once). */
export const pageOf = (url: string) => new URL(url, 'http://x').pathname;

/** The ranked pages, and the 1-based rank of the first expected one (0: not found). */
export function rankOf(urls: readonly string[], query: Query): { pages: string[]; rank: number } {
  const pages = [...new Set(urls.map(pageOf))];
  return { pages, rank: pages.findIndex((p) => query.expected.includes(p)) + 1 };
}
