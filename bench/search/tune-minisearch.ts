/**
 * Tunes the MiniSearch competitor of bench/search (engines.ts `MINISEARCH_TUNED`) on the tuning
 * query set ONLY: the held-out set is never read here, so its numbers in the bench stay a fair
 * test for both engines. A grid over the field boosts, then coordinate descent over every option
 * from the grid's best five; best is success@5, then success@1, then MRR. It prints the best tuning to paste into engines.ts.
 *
 *   node --import tsx bench/search/tune-minisearch.ts   (after `npm run build`; ~3–8 minutes)
 */
import path from 'node:path';
import { loadRecords, loadSynonyms } from '../../server/src/search/records.ts';
import { type MiniSearchTuning, minisearchTunable } from './engines.ts';
import { loadQueries, rankOf, TUNING_FILE } from './quality.ts';

const buildDir = path.resolve(import.meta.dirname, '../../site/build');
const queries = loadQueries(TUNING_FILE);
const tunable = minisearchTunable(await loadRecords(buildDir), await loadSynonyms(buildDir));

/** success@5, success@1 and MRR as one comparable triple. */
function score(tuning: MiniSearchTuning): [number, number, number] {
  const engine = tunable(tuning);
  let at5 = 0;
  let at1 = 0;
  let mrr = 0;
  for (const query of queries) {
    const { rank } = rankOf(engine.search(query.query) as string[], query);
    if (rank === 1) at1++;
    if (rank >= 1 && rank <= 5) at5++;
    if (rank > 0) mrr += 1 / rank;
  }
  return [at5 / queries.length, at1 / queries.length, mrr / queries.length];
}
const better = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) > (b[i] as number);
  return false;
};

/**
 * The field boosts keep DocSearch's order of the hierarchy below the section name: title (lvl1) ≥
 * lvl2 ≥ lvl3–6 ≥ content (1). lvl0, the section name on every record of a section, is free.
 */
const ordered = ({ boost: b }: MiniSearchTuning) => b.lvl1 >= b.lvl2 && b.lvl2 >= b.lvl3 && b.lvl3 >= b.content;
const BOOSTS = [1, 1.5, 2, 3, 4, 6, 8, 12];
const withBoosts = (t: MiniSearchTuning, lvl0: number, lvl1: number, lvl2: number, deeper: number) => ({
  ...t,
  boost: { ...t.boost, lvl0, lvl1, lvl2, lvl3: deeper, lvl4: deeper, lvl5: deeper, lvl6: deeper },
});

/** Each option and the values tried in the descent; the first is MiniSearch's default (or none). */
type Option = [string, number[], (t: MiniSearchTuning, v: number) => MiniSearchTuning];
const boost = (field: 'lvl0' | 'lvl1' | 'lvl2' | 'keywords'): Option => [
  field,
  BOOSTS,
  (t, v) => ({ ...t, boost: { ...t.boost, [field]: v } }),
];
const OPTIONS: Option[] = [
  boost('lvl0'),
  boost('lvl1'),
  boost('lvl2'),
  ['lvl3-6', BOOSTS, (t, v) => withBoosts(t, t.boost.lvl0, t.boost.lvl1, t.boost.lvl2, v)],
  boost('keywords'),
  ['pageRank', [0, 0.1, 0.25, 0.5, 1, 2], (t, v) => ({ ...t, pageRank: v })],
  ['level', [0, 0.25, 0.5, 1], (t, v) => ({ ...t, level: v })],
  ['fuzzy weight', [0.45, 0.2, 0.3, 0.6, 0.8], (t, v) => ({ ...t, weights: { ...t.weights, fuzzy: v } })],
  ['prefix weight', [0.375, 0.2, 0.5, 0.7, 1], (t, v) => ({ ...t, weights: { ...t.weights, prefix: v } })],
  ['bm25 b', [0.7, 0.3, 0.5, 0.9], (t, v) => ({ ...t, bm25: { ...t.bm25, b: v } })],
  ['bm25 d', [0.5, 0, 1, 2], (t, v) => ({ ...t, bm25: { ...t.bm25, d: v } })],
];

const untuned: MiniSearchTuning = {
  boost: { lvl0: 1, lvl1: 1, lvl2: 1, lvl3: 1, lvl4: 1, lvl5: 1, lvl6: 1, keywords: 1, content: 1 },
  pageRank: 0,
  level: 0,
  weights: { fuzzy: 0.45, prefix: 0.375 },
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
};
const show = (s: number[]) => s.map((v) => v.toFixed(3)).join(' ');
console.log(`untuned (our words, no boosts): s@5 s@1 MRR ${show(score(untuned))}`);

/** Coordinate descent: each option in turn, each value, kept when it scores better; until none does. */
function descend(start: MiniSearchTuning, startScore: [number, number, number]) {
  let [best, bestScore] = [start, startScore];
  for (let round = 1; round <= 4; round++) {
    let improved = false;
    for (const [, values, apply] of OPTIONS) {
      for (const value of values) {
        const candidate = apply(best, value);
        if (!ordered(candidate)) continue;
        const s = score(candidate);
        if (better(s, bestScore)) [best, bestScore, improved] = [candidate, s, true];
      }
    }
    if (!improved) break;
  }
  return { tuning: best, score: bestScore };
}

// The boosts of the hierarchy interact, so they start as a grid (lvl3–6 as lvl2); descent alone
// from one point stops at the first local optimum, so it starts from the grid's five best.
const grid: { tuning: MiniSearchTuning; score: [number, number, number] }[] = [];
for (const lvl0 of BOOSTS)
  for (const lvl1 of BOOSTS)
    for (const lvl2 of BOOSTS) {
      const tuning = withBoosts(untuned, lvl0, lvl1, lvl2, lvl2);
      if (ordered(tuning)) grid.push({ tuning, score: score(tuning) });
    }
grid.sort((a, b) => (better(a.score, b.score) ? -1 : better(b.score, a.score) ? 1 : 0));
let best = grid[0] as (typeof grid)[number];
for (const start of grid.slice(0, 5)) {
  const found = descend(start.tuning, start.score);
  console.log(`from ${JSON.stringify(start.tuning.boost)} (${show(start.score)}) → ${show(found.score)}`);
  if (better(found.score, best.score)) best = found;
}
console.log(`\nbest on ${TUNING_FILE}: s@5 s@1 MRR ${show(best.score)}\n${JSON.stringify(best.tuning)}`);
