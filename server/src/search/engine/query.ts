import { isStopWord, term, words } from '../text.ts';
import type { EngineIndex } from './index-build.ts';

/**
 * A query as the engine ranks it: units, each a word or a phrase that is an entry of a synonym
 * group ("talk to a human"), with the other ways to say it. Stop words are dropped here when the
 * query has other words (removeStopWords), so they neither decide ranking nor get highlighted.
 */
export interface QueryUnit {
  /** As typed, lower case: the word or the phrase (`matchedWords`). */
  readonly text: string;
  /** The indexed form of a word; null for a phrase. */
  readonly term: string | null;
  /** The phrase's terms (all must match, stop words aside); [term] for a word. */
  readonly words: readonly string[];
  /** Other entries of its synonym groups that are not single words (those are in index.synonyms). */
  readonly alternatives: readonly (readonly string[])[];
}

export function queryUnits(
  index: EngineIndex,
  query: string,
  { removeStopWords, maxUnits }: { removeStopWords: boolean; maxUnits: number },
): QueryUnit[] {
  const found = words(query);
  const typed = found.map((w) => w.text.toLowerCase());
  const terms = typed.map(term);
  const units: QueryUnit[] = [];
  for (let i = 0; i < terms.length; ) {
    const next = found[i + 1];
    if (found[i]?.joinsNext && next) {
      // "on-prem": the index holds hyphenated pairs also as one word ("onprem"); either matches.
      const pair = terms.slice(i, i + 2);
      const joined = term(`${typed[i]}${typed[i + 1]}`);
      units.push({ text: typed.slice(i, i + 2).join('-'), term: joined, words: [joined], alternatives: [pair] });
      i += 2;
      continue;
    }
    const phrase = longestPhraseAt(index, terms, i);
    if (phrase > 1) {
      const phraseTerms = terms.slice(i, i + phrase);
      units.push({
        text: typed.slice(i, i + phrase).join(' '),
        term: null,
        words: phraseTerms,
        alternatives: index.synonymEntries.get(phraseTerms.join(' ')) ?? [],
      });
      i += phrase;
      continue;
    }
    const t = terms[i] as string;
    units.push({
      text: typed[i] as string,
      term: t,
      words: [t],
      alternatives: (index.synonymEntries.get(t) ?? []).filter((entry) => entry.length > 1),
    });
    i += 1;
  }
  const meaningful = removeStopWords ? units.filter((u) => u.term === null || !isStopWord(u.text)) : units;
  // A word said twice is one word to match (and to rank: Algolia counts it once).
  const seen = new Set<string>();
  return (meaningful.length > 0 ? meaningful : units)
    .filter((unit) => !seen.has(unit.text) && seen.add(unit.text))
    .slice(0, meaningful.length > 0 ? maxUnits : Math.min(maxUnits, STOP_WORDS_ONLY_UNITS));
}

/**
 * A query of stop words alone ("is it in the"): matched on its first few words only. Each such word
 * is in nearly every record, so every further one made the costliest query there is (16 of them:
 * p99 5.7–8.9 ms in process, over the 5 ms target) without saying more about what the reader wants.
 */
const STOP_WORDS_ONLY_UNITS = 4;

/** How many query terms from `start` form the longest phrase entry of a synonym group (1: none). */
function longestPhraseAt(index: EngineIndex, terms: readonly string[], start: number): number {
  for (let length = Math.min(index.longestPhrase, terms.length - start); length > 1; length--) {
    if (index.synonymEntries.has(terms.slice(start, start + length).join(' '))) return length;
  }
  return 1;
}

/** A phrase's terms that carry meaning: its stop words only match when it has nothing else. */
export function meaningfulTerms(phrase: readonly string[]): readonly string[] {
  const kept = phrase.filter((t) => !isStopWord(t));
  return kept.length > 0 ? kept : phrase;
}
