import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACCESS_LEVELS } from '@tala/policy';
import { buildIndex } from '../src/search/engine/index-build.ts';
import { MatchPool, matchUnit } from '../src/search/engine/match.ts';
import { buildPageModel, fuse, isQuestion, pageScores } from '../src/search/engine/page-evidence.ts';
import { queryUnits } from '../src/search/engine/query.ts';
import type { RankedHit } from '../src/search/engine/rank.ts';
import { KEYWORD_RANKING, QUESTION_RANKING, SearchEngine } from '../src/search/engine.ts';
import type { SearchRecord } from '../src/search/records.ts';

/** Page evidence (engine/page-evidence.ts): questions' first hits fused with a page-level BM25F ranking. */

const everyone = new Set(ACCESS_LEVELS);
let position = 0;
/** A page as the build indexes it: its title record, then one record per heading or paragraph. */
function page(url: string, title: string, parts: ({ heading: string } | { text: string; under?: string })[]) {
  const records: SearchRecord[] = [];
  const add = (type: SearchRecord['type'], lvl2: string | null, content: string | null) => {
    position++;
    records.push({
      objectID: `r${position}`,
      type,
      hierarchy: { lvl0: 'Docs', lvl1: title, lvl2, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content,
      url: records.length === 0 ? url : `${url}#p${position}`,
      url_without_anchor: url,
      anchor: records.length === 0 ? null : `p${position}`,
      weight: { pageRank: 0, level: type === 'content' ? 0 : type === 'lvl1' ? 100 : 90, position },
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      access: 'reader',
    });
  };
  add('lvl1', null, null);
  for (const part of parts) {
    if ('heading' in part) add('lvl2', part.heading, null);
    else add('content', part.under ?? null, part.text);
  }
  return records;
}
const pagesOf = (engine: SearchEngine, query: string) => [
  ...new Set(engine.search({ query, allowed: everyone, limit: 10 }).hits.map((h) => h.record.url_without_anchor)),
];

/** Per page URL, its score for a query, as the engine computes it. */
function scoresFor(records: SearchRecord[], query: string): Map<string, number> {
  const index = buildIndex(records, []);
  const pool = new MatchPool(records.length, index.vocabulary);
  const admitted = new Uint8Array(records.length).fill(1);
  const units = queryUnits(index, query, { removeStopWords: true, maxUnits: 16 });
  const matching = { wordForms: true, correctKnownWords: false };
  const matches = units.map((unit, i) => matchUnit(index, unit, i === units.length - 1, admitted, matching, pool));
  const model = buildPageModel(records, index.recordTerms);
  const scores = pageScores(model, matches, admitted);
  return new Map([...model.pageIds].map(([url, id]) => [url, scores[id] as number]));
}

// A question whose words a page spreads over its title, a heading and its text, against a release
// note that holds most of them in one line and a page that mentions them one per paragraph.
const scripting = page('/scripting/', 'Scripts', [
  { heading: 'Time limits' },
  { text: 'A script runs for at most ten seconds.', under: 'Time limits' },
  { text: 'When a script times out, the engine answers with the fallback.', under: 'Time limits' },
  { text: 'Long scripts slow every conversation down.', under: 'Time limits' },
]);
const releaseNote = page('/release-7-5/', 'Tala 7.5', [
  { text: 'A script can now run as long as it needs before it times out, up to the new limit.' },
]);
const runner = page('/runner/', 'Runner', [
  { text: 'The runner starts a script.' },
  { text: 'Each run has a time budget.' },
  { text: 'Scripts that run are logged.' },
  { text: 'A run that times out is retried.' },
  { text: 'Every script run is timed.' },
]);
/** Other pages, so that a word's rarity means what it does in real docs. */
const others = ['Channels', 'Webhooks', 'Entities', 'Intents', 'Flows', 'Reports', 'Users', 'Widget'].flatMap((title) =>
  page(`/${title.toLowerCase()}/`, title, [{ text: `How ${title.toLowerCase()} are configured and published.` }]),
);
const corpus = [...scripting, ...releaseNote, ...runner, ...others];
const question = 'how long can a script run before it times out';

test('a question ranks the page about it above a record that holds its words in one line', () => {
  const plain = new SearchEngine(corpus, [], { ...QUESTION_RANKING, pageEvidence: false });
  assert.deepEqual(pagesOf(plain, question), ['/release-7-5/', '/scripting/', '/runner/'], 'the tie-breaking alone');
  const scores = (url: string) => scoresFor(corpus, question).get(url) as number;
  // Page evidence: the scripting page first; the runner's paragraphs put it above the release note.
  assert.ok(scores('/scripting/') > scores('/runner/') && scores('/runner/') > scores('/release-7-5/'));
  // Fused: scripting 1/62 + 1/61 against the release note's 1/61 + 1/63.
  assert.deepEqual(pagesOf(new SearchEngine(corpus), question), ['/scripting/', '/release-7-5/', '/runner/']);
});

test('only questions are fused: from three units with a meaningful one, with optional words and page evidence on', () => {
  const index = buildIndex(corpus, []);
  const units = (query: string) => queryUnits(index, query, { removeStopWords: true, maxUnits: 16 });
  assert.equal(isQuestion(QUESTION_RANKING, units(question)), true);
  assert.equal(isQuestion(QUESTION_RANKING, units('script run time')), true);
  assert.equal(isQuestion(QUESTION_RANKING, units('how do i run a script')), false, 'two meaningful words');
  assert.equal(isQuestion(QUESTION_RANKING, units('can it be done')), false, 'stop words alone');
  assert.equal(isQuestion({ ...QUESTION_RANKING, pageEvidence: false }, units(question)), false);
  // DocSearch's keyword ranking has no optional words: a query is never a question there.
  assert.equal(isQuestion({ ...KEYWORD_RANKING, pageEvidence: true }, units(question)), false);
});

test("a page's title counts once, however many of its records inherit it", () => {
  const short = page('/short/', 'Webhooks', [{ text: 'Signed deliveries.' }]);
  const long = page('/long/', 'Webhooks', [
    { text: 'Signed deliveries.' },
    { text: 'Retries with backoff.' },
    { text: 'Delivery logs are kept.' },
  ]);
  const scores = scoresFor([...short, ...long, ...page('/other/', 'Other', [{ text: 'Nothing here.' }])], 'webhooks');
  // Counted per inheriting record, the long page would score about three times the short one.
  assert.ok((scores.get('/long/') as number) <= (scores.get('/short/') as number));
  assert.ok((scores.get('/long/') as number) > 0);
  assert.equal(scores.get('/other/'), 0);
});

test('fusion sums reciprocal ranks (k = 60), keeps the ranking order on ties and adds or drops no hit', () => {
  const records = [...page('/a/', 'A', []), ...page('/b/', 'B', []), ...page('/c/', 'C', [])];
  const model = buildPageModel(records, buildIndex(records, []).recordTerms);
  const hit = (url: string) => ({ record: records.find((r) => r.url === url) as SearchRecord }) as RankedHit;
  const hits = ['/a/', '/b/', '/c/'].map(hit);
  const score = (a: number, b: number, c: number) => Float64Array.from([a, b, c]);
  const order = (scores: Float64Array) => fuse(model, hits, scores).map((h) => h.record.url);
  // Ranking a, b, c; pages c, a, b: a 1/61 + 1/62, c 1/63 + 1/61, b 1/62 + 1/63.
  assert.deepEqual(order(score(2, 1, 3)), ['/a/', '/c/', '/b/']);
  // Ranking a, b, c; pages b, c, a: b 1/62 + 1/61 beats a 1/61 + 1/63.
  assert.deepEqual(order(score(1, 3, 2)), ['/b/', '/a/', '/c/']);
  // Pages b, a, c: a and b tie (1/61 + 1/62), the ranking's order decides.
  assert.deepEqual(order(score(2, 3, 1)), ['/a/', '/b/', '/c/']);
  assert.deepEqual(order(score(0, 0, 0)), ['/a/', '/b/', '/c/']);
});

test('a query of stop words alone is matched on its first four distinct words; with a meaningful word, up to sixteen', () => {
  const index = buildIndex(corpus, []);
  const texts = (query: string) =>
    queryUnits(index, query, { removeStopWords: true, maxUnits: 16 }).map((unit) => unit.text);
  assert.deepEqual(texts('a the to of in on is it a the to of'), ['a', 'the', 'to', 'of']);
  assert.deepEqual(texts('how do i run a script'), ['run', 'script']);
  const many = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho';
  assert.equal(texts(many).length, 16);
});
