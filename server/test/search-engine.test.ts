import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACCESS_LEVELS } from '@tala/policy';
import { buildIndex, type EngineIndex, type RecordTerms, SEARCHABLE } from '../src/search/engine/index-build.ts';
import { candidatesOf, matchWord } from '../src/search/engine/match.ts';
import { proximity } from '../src/search/engine/proximity.ts';
import { KEYWORD_RANKING, QUESTION_RANKING, SearchEngine } from '../src/search/engine.ts';
import { highlight, wordMatcher } from '../src/search/highlight.ts';
import type { SearchRecord } from '../src/search/records.ts';
import { term } from '../src/search/text.ts';

/** The ranking rules of the embedded engine, on records made for each rule. */

const everyone = new Set(ACCESS_LEVELS);
let position = 0;
function record(
  url: string,
  lvl0: string,
  lvl1: string,
  extra: { lvl2?: string; content?: string; pageRank?: number; keywords?: string[] } = {},
) {
  position++;
  return {
    ...(extra.keywords ? { keywords: extra.keywords } : {}),
    objectID: `r${position}`,
    type: extra.content ? 'content' : extra.lvl2 ? 'lvl2' : 'lvl1',
    hierarchy: { lvl0, lvl1, lvl2: extra.lvl2 ?? null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: extra.content ?? null,
    url,
    url_without_anchor: url.split('#')[0] as string,
    anchor: url.split('#')[1] ?? null,
    weight: { pageRank: extra.pageRank ?? 2, level: extra.content ? 0 : extra.lvl2 ? 90 : 100, position },
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    access: 'reader',
  } satisfies SearchRecord;
}
const urls = (engine: SearchEngine, query: string, limit?: number) =>
  engine.search({ query, allowed: everyone, ...(limit === undefined ? {} : { limit }) }).hits.map((h) => h.record.url);

test('a transposed pair of letters is one typo, as in Algolia ("center" finds "centre")', () => {
  const engine = new SearchEngine([
    record('/cccf/framework/', 'Contact centre connectors', 'Contact Centre Connector Framework'),
    record('/studio/', 'Tala Studio', 'Overview'),
  ]);
  assert.deepEqual(urls(engine, 'contact center framework'), ['/cccf/framework/']);
  // Six letters allow one typo: a transposition plus another change is too far.
  assert.deepEqual(urls(engine, 'cetnrr'), []);
});

test('a hyphenated pair is found written as one word ("dropdown" finds "drop-down")', () => {
  const engine = new SearchEngine([
    record('/widget/combo/', 'Tala Web Widget', 'Combo', { content: 'The widget renders it as a drop-down list.' }),
    record('/widget/list/', 'Tala Web Widget', 'List', { content: 'A list of items to drop into a chat.' }),
  ]);
  assert.deepEqual(urls(engine, 'dropdown list'), ['/widget/combo/']);
  assert.deepEqual(urls(engine, 'drop down'), ['/widget/combo/']);
});

test('attribute is the sum over query words: all words in a title beat one word in the section name', () => {
  const engine = new SearchEngine([
    // "flows" in lvl0, "trigger" only in the text.
    record('/flows/#x', 'Flows', 'Dialogue design', { content: 'Every trigger starts a dialogue.' }),
    // Both words in the page title.
    record('/reference/trigger-flows/', 'Reference', 'Trigger flows'),
  ]);
  assert.deepEqual(urls(engine, 'trigger flows'), ['/reference/trigger-flows/', '/flows/#x']);
  // One word in the title and one in the text beat both in the text, even adjacent there
  // (taking the worst word's attribute instead, proximity would decide for the second).
  const sum = new SearchEngine([
    record('/text-only/', 'Guides', 'Overview', { content: 'How trigger flows start.' }),
    record('/titled/', 'Guides', 'Trigger design', { content: 'Designing a trigger for your flows.' }),
  ]);
  assert.deepEqual(urls(sum, 'trigger flows'), ['/titled/', '/text-only/']);
});

test('with no record holding every word, any word will do (removeWordsIfNoResults: allOptional), more words first', () => {
  const engine = new SearchEngine([
    record('/a/', 'Studio', 'Publish a solution'),
    record('/b/', 'Studio', 'Solution settings'),
    record('/c/', 'Studio', 'Unrelated'),
  ]);
  assert.deepEqual(urls(engine, 'publish solution yesterday'), ['/a/', '/b/']);
});

test('ranking only the first hits gives the same hits and count as ranking all of them', () => {
  const words = ['flow', 'trigger', 'solution', 'publish', 'entity', 'session', 'language', 'object'];
  const records = Array.from({ length: 300 }, (_, i) =>
    record(
      `/page-${i % 120}/#s${i}`,
      i % 3 === 0 ? 'Tala Studio' : 'Reference',
      `${words[i % 8]} ${words[(i * 3) % 8]}`,
      { content: `${words[(i * 5) % 8]} and ${words[(i * 7) % 8]} in section ${i}`, pageRank: i % 3 },
    ),
  );
  const engine = new SearchEngine(records);
  for (const query of ['flow', 'trigger solution', 'language objec', 'sesion publish', 'entity flow nothing']) {
    const all = engine.search({ query, allowed: everyone });
    for (const limit of [1, 5, 20]) {
      const first = engine.search({ query, allowed: everyone, limit });
      assert.equal(first.nbHits, all.nbHits, query);
      assert.deepEqual(
        first.hits.map((h) => h.record.objectID),
        all.hits.slice(0, limit).map((h) => h.record.objectID),
        `${query} (limit ${limit})`,
      );
    }
  }
});

test('a hyphenated pair found as one word is highlighted as a whole', () => {
  const engine = new SearchEngine([
    record('/widget/combo/', 'Tala Web Widget', 'Combo', { content: 'It renders a drop-down list.' }),
  ]);
  const result = engine.search({ query: 'dropdown', allowed: everyone });
  const matcher = wordMatcher(result.queryTerms, term, result.relation);
  const tags = { pre: '<mark>', post: '</mark>', ellipsis: '…' };
  const marked = highlight('It renders a drop-down list.', matcher, result.queryWords, tags);
  assert.equal(marked.value, 'It renders a <mark>drop-down</mark> list.');
  assert.equal(marked.matchLevel, 'full');
});

test('a synonym is an exact match, found in any position and highlighted', () => {
  const engine = new SearchEngine(
    [
      record('/studio/analyze/#sync', 'Tala Studio', 'Analyze', {
        content: 'Select Sync now to start a synchronisation of the log data source.',
      }),
      record('/api/begin-synchronisation/', 'Studio API', 'Begin a synchronisation of a log data source'),
    ],
    [['sync', 'synchronisation', 'synchronization']],
  );
  // "sync" is not the last word, so no prefix: only the synonym finds "synchronisation".
  assert.deepEqual(urls(engine, 'sync log data source'), ['/api/begin-synchronisation/', '/studio/analyze/#sync']);
  const american = engine.search({ query: 'synchronization', allowed: everyone });
  assert.equal(american.hits.length, 2);
  assert.equal(american.hits[0]?.criteria.typos, 0);
  const matcher = wordMatcher(american.queryTerms, term, american.relation);
  const tags = { pre: '<mark>', post: '</mark>', ellipsis: '…' };
  assert.equal(
    highlight('Begin a synchronisation', matcher, american.queryWords, tags).value,
    'Begin a <mark>synchronisation</mark>',
  );
  // Without the group, "sync" in that position finds only the page that has the word itself
  // (keyword ranking: every word required); with optional words that page ranks first.
  const withoutGroup = [
    record('/studio/analyze/#sync', 'Tala Studio', 'Analyze', {
      content: 'Select Sync now to start a synchronisation of the log data source.',
    }),
    record('/api/begin-synchronisation/', 'Studio API', 'Begin a synchronisation of a log data source'),
  ];
  assert.deepEqual(urls(new SearchEngine(withoutGroup, [], KEYWORD_RANKING), 'sync log data source'), [
    '/studio/analyze/#sync',
  ]);
  assert.equal(urls(new SearchEngine(withoutGroup), 'sync log data source')[0], '/studio/analyze/#sync');
});

/** The engine's parts (server/src/search/engine/) on one record each: what each computes. */
/** Word matching as the keyword configuration does it: no other forms, every word corrected. */
const NO_FORMS = { wordForms: false, correctKnownWords: true };
const everyRecord = (index: EngineIndex) => new Uint8Array(index.records.length).fill(1);
const closeness = (index: EngineIndex, query: string) => {
  const terms = query.split(' ').map(term);
  const matches = terms.map((q, i) => matchWord(index, q, i === terms.length - 1, everyRecord(index), NO_FORMS));
  return proximity(index.recordTerms[0] as RecordTerms, 0, matches);
};

test('proximity: adjacent words in order are 1, reversed 2, far apart capped at 8; camelCase parts share a slot', () => {
  const index = buildIndex(
    [
      record('/p/', 'Guides', 'Publish a solution', {
        content: `Trigger flows. ${'word '.repeat(20)}Entity. Use a LanguageObject here.`,
      }),
    ],
    [],
  );
  assert.equal(closeness(index, 'trigger flows'), 1);
  assert.equal(closeness(index, 'flows trigger'), 2);
  assert.equal(closeness(index, 'publish solution'), 2); // "a" stands between them
  assert.equal(closeness(index, 'trigger entity'), 8);
  assert.equal(closeness(index, 'use object'), 2); // "object" stands where "LanguageObject" does
  assert.equal(closeness(index, 'trigger flows entity'), 1 + 8);
});

test('matchWord: only the last word is a prefix, a transposition is one typo, a synonym is exact', () => {
  const index = buildIndex(
    [record('/c/', 'Contact centre connectors', 'Configuration of the framework')],
    [['config', 'configuration']],
  );
  const admitted = everyRecord(index);
  const match = (q: string, last: boolean) => matchWord(index, term(q), last, admitted, NO_FORMS);
  assert.equal(match('frame', false).typos[0], -1);
  assert.deepEqual([match('frame', true).typos[0], match('frame', true).exact[0]], [0, 0]);
  assert.equal(match('cetnre', false).typos[0], 1);
  const synonym = match('config', false);
  assert.deepEqual([synonym.typos[0], synonym.exact[0], synonym.attributes[0]], [0, 1, 0b10]); // lvl1
  // No record holds both words: any word will do.
  assert.deepEqual([...candidatesOf([match('framework', false), match('nothing', true)], admitted, 0)], [0]);
});

test('MATCH-LISTS a reused match set is cleared by its list, and the candidates are the records each word matched', () => {
  const pages = [
    record('/deploy/', 'Studio', 'Deploy a solution', { content: 'Publish the solution to an environment.' }),
    record('/publish/', 'Studio', 'Publish from CI', { content: 'A CI job publishes the solution with the API.' }),
    record('/widget/', 'Widget', 'Embed the widget', { content: 'The widget shows messages from the bot.' }),
    record('/api/', 'API', 'Session', { lvl2: 'Login', content: 'A session id lasts until logout.' }),
    record('/tql/', 'TQL', 'Queries', { content: 'count sessions where the solution was published' }),
  ];
  const queries = ['publish solution', 'how does the widget show bot messages', 'widgte', 'session', 'publish', ''];
  // One engine answers them in turn (its pooled arrays reused); a new engine answers each alone.
  const reused = new SearchEngine(pages, [], QUESTION_RANKING);
  for (const query of [...queries, ...queries.reverse()]) {
    const fresh = new SearchEngine(pages, [], QUESTION_RANKING);
    const hits = (engine: SearchEngine) =>
      engine.search({ query, allowed: everyone }).hits.map((hit) => [hit.record.url, hit.criteria]);
    assert.deepEqual(hits(reused), hits(fresh), query);
  }
  const index = buildIndex(pages, []);
  const admitted = everyRecord(index);
  admitted[1] = 0; // a record the reader may not open is matched by no word
  const matches = ['publish', 'solution', 'widget'].map((q, i) =>
    matchWord(index, term(q), i === 2, admitted, NO_FORMS),
  );
  for (const m of matches) {
    const byPass = [...m.typos.keys()].filter((id) => m.typos[id] !== -1);
    assert.deepEqual([...m.matched].sort(), byPass);
  }
  const everyWord = (optionalFrom: number) => [...candidatesOf(matches, admitted, optionalFrom)].sort();
  assert.deepEqual(everyWord(0), [0, 2, 4]); // no record holds all three: any word will do
  assert.deepEqual(everyWord(2), [0, 2, 4]);
  assert.deepEqual([...candidatesOf(matches.slice(0, 2), admitted, 0)].sort(), [0, 4]);
});

/** Questions: what each rule of QUESTION_RANKING changes, on records built to show it. */
const marked = (engine: SearchEngine, query: string, text: string) => {
  const result = engine.search({ query, allowed: everyone });
  const tags = { pre: '<mark>', post: '</mark>', ellipsis: '…' };
  return highlight(text, wordMatcher(result.queryTerms, term, result.relation), result.queryWords, tags).value;
};

test('stop words do not decide ranking and are not highlighted when the query has other words', () => {
  const pages = [
    record('/dialogue/', 'Studio', 'Dialogue resources', {
      content: 'How do I say I am not sure? A bot can answer so.',
    }),
    record('/deploy/', 'Studio', 'Deploy a solution', { content: 'Publish the solution to an environment.' }),
  ];
  const engine = new SearchEngine(pages);
  assert.equal(urls(engine, 'how do i publish a solution')[0], '/deploy/');
  assert.deepEqual(engine.search({ query: 'how do i publish a solution', allowed: everyone }).queryWords, [
    'publish',
    'solution',
  ]);
  assert.equal(
    marked(engine, 'how do i publish a solution', 'How do I publish a solution'),
    'How do I <mark>publish</mark> a <mark>solution</mark>',
  );
  // Only stop words: they are the query.
  assert.deepEqual(engine.search({ query: 'how do i', allowed: everyone }).queryWords, ['how', 'do', 'i']);
  // The keyword ranking (before) lets "how do I … a" pull the wrong page up.
  assert.equal(urls(new SearchEngine(pages, [], KEYWORD_RANKING), 'how do i publish a solution')[0], '/dialogue/');
});

test('other forms of a word match ("publishing" finds "publish"), after the exact form', () => {
  const engine = new SearchEngine([
    record('/forms/', 'Studio', 'Publishing rules', { content: 'Rules for published solutions.' }),
    record('/exact/', 'Studio', 'Publish a solution'),
  ]);
  assert.deepEqual(urls(engine, 'publish'), ['/exact/', '/forms/']);
  assert.deepEqual(urls(engine, 'publishing'), ['/forms/', '/exact/']);
  assert.equal(marked(engine, 'published rules', 'Publishing rules'), '<mark>Publishing</mark> <mark>rules</mark>');
  const rating = [record('/f/', 'S', 'Rating a conversation')];
  assert.deepEqual(urls(new SearchEngine(rating), 'rate'), ['/f/']);
  assert.deepEqual(urls(new SearchEngine(rating, [], KEYWORD_RANKING), 'rate'), []);
});

test('a multi-word synonym finds the one-word entry and the other way round, both highlighted', () => {
  const engine = new SearchEngine(
    [
      record('/handover/', 'Studio', 'Handover', { content: 'Pass the conversation to an agent.' }),
      record('/phrase/', 'Widget', 'Escalation', { content: 'The user can talk to a human at any time.' }),
      // Both words, but not as the phrase: not a match of it.
      record('/other/', 'Widget', 'Human resources', { content: 'Talk about anything.' }),
    ],
    [['handover', 'talk to a human']],
  );
  assert.deepEqual(urls(engine, 'talk to a human').sort(), ['/handover/', '/phrase/']);
  assert.deepEqual(urls(engine, 'handover'), ['/handover/', '/phrase/']);
  assert.equal(marked(engine, 'talk to a human', 'Handover'), '<mark>Handover</mark>');
  assert.equal(marked(engine, 'handover', 'Talk to a human'), '<mark>Talk</mark> to a <mark>human</mark>');
});

test('from three meaningful words, records missing one are candidates too, after those with all', () => {
  const pages = [
    record('/all/', 'Studio', 'Roll back a publish', { content: 'Roll back the environment to the previous version.' }),
    record('/some/', 'Studio', 'Publish environments', { content: 'Environments and their versions.' }),
  ];
  assert.deepEqual(urls(new SearchEngine(pages), 'roll back publish environment'), ['/all/', '/some/']);
  assert.deepEqual(urls(new SearchEngine(pages, [], KEYWORD_RANKING), 'roll back publish environment'), ['/all/']);
});

test('a question does not correct the words the docs contain ("long" is not "log"); a short query does', () => {
  const pages = [
    record('/scripts/', 'Studio', 'Scripts', { content: 'A script that runs too long is stopped after it times out.' }),
    record('/logs/', 'Studio', 'Script log', {
      content: 'Each script run writes a log line before the engine answers.',
    }),
  ];
  const question = 'how long can a script run before it times out';
  const logs = (engine: SearchEngine, query: string) =>
    engine.search({ query, allowed: everyone }).hits.find((h) => h.record.url === '/logs/')?.criteria;
  const engine = new SearchEngine(pages);
  // Five meaningful words (long, script, run, time, out): "long" is a word of the docs, taken as typed.
  assert.equal(engine.search({ query: question, allowed: everyone }).queryWords.length, 5);
  assert.deepEqual(urls(engine, question), ['/scripts/', '/logs/']);
  assert.equal(logs(engine, question)?.typos, 0, 'no word of the question was corrected into "log"');
  // Correcting every word, as Algolia does, turns "long" into "log" there.
  const correcting = new SearchEngine(pages, [], { ...QUESTION_RANKING, correctKnownWordsBelow: Infinity });
  assert.equal(logs(correcting, question)?.typos, 1);
  // Two words: still corrected.
  assert.equal(logs(engine, 'long script')?.typos, 1);
});

test('a hyphenated query word finds the pair written either way ("on-prem" finds "on-prem" and "onprem")', () => {
  const engine = new SearchEngine([
    record('/a/', 'Docs', 'On-prem installation'),
    record('/b/', 'Docs', 'Onprem licences'),
  ]);
  assert.deepEqual(urls(engine, 'on-prem').sort(), ['/a/', '/b/']);
});

test("a page's keywords find it: words no heading or text holds, and the page's title record is the hit", () => {
  const engine = new SearchEngine([
    record('/studio/deploy/', 'Tala Studio', 'Deploy a solution', { keywords: ['go live', 'undo a release'] }),
    record('/studio/deploy/#environments', 'Tala Studio', 'Deploy a solution', { content: 'Three environments.' }),
    record('/studio/test/', 'Tala Studio', 'Test a solution', { content: 'Try it before it goes anywhere.' }),
  ]);
  assert.deepEqual(urls(engine, 'how do i go live'), ['/studio/deploy/']);
  assert.deepEqual(urls(engine, 'undo release'), ['/studio/deploy/']);
});

test('keywords rank below a heading that phrases the task, and separate phrases are not close words', () => {
  const heading = record('/studio/deploy/#roll-back', 'Tala Studio', 'Deploy a solution', {
    lvl2: 'Roll back a publish',
  });
  const keyword = record('/on-prem/publish/', 'On-premises', 'Publishing on premises', {
    keywords: ['roll back a publish'],
  });
  assert.deepEqual(urls(new SearchEngine([keyword, heading]), 'roll back a publish'), [
    '/studio/deploy/#roll-back',
    '/on-prem/publish/',
  ]);
  // "back" ends one phrase and "publish" starts the next: as far apart as unrelated words.
  const index = buildIndex([record('/a/', 'S', 'A', { keywords: ['step back', 'publish often'] })], []);
  const terms = index.recordTerms[0] as RecordTerms;
  const at = (word: string) => terms.positions[[...terms.termIds].indexOf(index.terms.get(term(word))?.termId ?? -1)];
  assert.ok((at('publish') as number) - (at('back') as number) >= 8);
});

test("ROLE-05 a reader's results do not depend on records they cannot read: not even whether an on-prem word exists (typo correction)", () => {
  const access = (r: ReturnType<typeof record>, level: 'public' | 'onprem') =>
    ({ ...r, access: level }) as SearchRecord;
  const open = [
    access(
      record('/studio/zorbat/', 'Tala Studio', 'The zorbat tool', {
        content: 'Configure the zorbat tool for publishing.',
      }),
      'public',
    ),
    access(
      record('/studio/deploy/', 'Tala Studio', 'Deploy a solution', { content: 'Publishing takes a minute.' }),
      'public',
    ),
  ];
  const secret = access(
    record('/on-prem/zorbax/', 'On-premises', 'Zorbax appliance', {
      content: 'Configure the zorbax appliance.',
      keywords: ['zorbax setup'],
    }),
    'onprem',
  );
  const reader = new Set(['public'] as const);
  const hits = (engine: SearchEngine, query: string) =>
    engine.search({ query, allowed: reader }).hits.map((h) => h.record.url);
  const withSecret = new SearchEngine([...open, secret]);
  const without = new SearchEngine(open);
  // Five words and more: only words the docs do not contain are corrected. "zorbax" is in the docs
  // only on an on-prem page; for this reader it must be as unknown as a word of no page.
  for (const query of [
    'configure zorbax tool publishing minute settings',
    'zorbax quickly today settings window colour',
    'configure zorbax setup today please',
  ]) {
    assert.deepEqual(hits(withSecret, query), hits(without, query), query);
  }
  assert.ok(hits(without, 'configure zorbax tool publishing minute settings').includes('/studio/zorbat/'));
});

test('a text repeated across records is indexed alike in each, and the same words as keywords keep their phrase spacing', () => {
  // The index remembers attribute texts it has tokenised (every record of a page repeats its headings).
  const index = buildIndex(
    [
      record('/a/', 'Guides', 'Publish a solution', { content: 'step back publish often' }),
      record('/a/#b', 'Guides', 'Publish a solution', { keywords: ['step back', 'publish often'] }),
      record('/c/', 'Guides', 'Publish a solution', { content: 'step back publish often' }),
    ],
    [],
  );
  const [first, second, third] = index.recordTerms as RecordTerms[];
  const attribute = (terms: RecordTerms, a: number) => ({
    ids: [...terms.termIds.slice(terms.starts[a], terms.starts[a + 1])],
    at: [...terms.positions.slice(terms.starts[a], terms.starts[a + 1])],
  });
  const lvl1 = 1;
  assert.deepEqual(attribute(second as RecordTerms, lvl1), attribute(first as RecordTerms, lvl1));
  assert.deepEqual(third, first);
  const gap = (terms: RecordTerms, name: 'content' | 'keywords') => {
    const { ids, at } = attribute(terms, SEARCHABLE.indexOf(name));
    const of = (word: string) => at[ids.indexOf(index.terms.get(term(word))?.termId ?? -1)] as number;
    return of('publish') - of('back');
  };
  assert.equal(gap(first as RecordTerms, 'content'), 1);
  assert.ok(gap(second as RecordTerms, 'keywords') >= 8);
});
