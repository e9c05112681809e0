import type { RecordTerms } from './index-build.ts';
import type { WordMatches } from './match.ts';

/**
 * Algolia's proximity criterion: how close the query's words stand in a record. The costliest
 * criterion (it walks the record's words), so ranking computes it only for the records that tie
 * on the cheaper criteria before it (rank.ts).
 */

/** Algolia caps proximity at 8: farther words count as unrelated. */
export const MAX_PROXIMITY = 8;

/**
 * Sum over consecutive query words of their closest distance inside one attribute (1 = adjacent
 * and in order; reversed order costs one more), each capped at 8 like Algolia.
 */
export function proximity(
  { termIds, positions, starts }: RecordTerms,
  id: number,
  matches: readonly WordMatches[],
): number {
  let total = 0;
  for (let q = 0; q + 1 < matches.length; q++) {
    const a = matches[q] as WordMatches;
    const b = matches[q + 1] as WordMatches;
    let best = MAX_PROXIMITY;
    // Only attributes holding both words can bring them close.
    const shared = (a.attributes[id] as number) & (b.attributes[id] as number);
    for (let attribute = 0; shared >> attribute && best > 1; attribute++) {
      if (!((shared >> attribute) & 1)) continue;
      let lastA = -1;
      let lastB = -1;
      const end = starts[attribute + 1] as number;
      for (let i = starts[attribute] as number; i < end; ) {
        // One word position at a time: a word and its camelCase parts.
        const position = positions[i] as number;
        let inA = false;
        let inB = false;
        for (; i < end && positions[i] === position; i++) {
          const termId = termIds[i] as number;
          inA ||= a.terms[termId] !== 0;
          inB ||= b.terms[termId] !== 0;
        }
        if (inA) {
          lastA = position;
          if (lastB >= 0) best = Math.min(best, position - lastB + 1);
        }
        if (inB) {
          lastB = position;
          if (lastA >= 0 && lastA < position) best = Math.min(best, position - lastA);
        }
      }
    }
    total += best;
  }
  return total;
}
