import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Identity } from '@tala/policy';
import type { FastifyInstance } from 'fastify';
import type { AskAnswer } from '../src/ask/contract.ts';
import { NO_ANSWER } from '../src/ask/extractive.ts';
import { SearchBusyError } from '../src/errors.ts';
import { startSearcher } from '../src/search/searcher.ts';
import { buildGate, makeBuildDir, ONPREM_ADMIN, READER } from './helper.ts';
import { fixtureRecords } from './search-fixtures.ts';

const PUBLIC_URL = 'https://docs.tala.example';
const files = { '.search-records.json': JSON.stringify(fixtureRecords()) };
const SAME_ORIGIN = { origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' };

const gate = (t: test.TestContext, identity: Identity | null, env: Record<string, string> = {}) =>
  buildGate(t, { identity, files, env: { PUBLIC_URL, ...env } });

function ask(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/ask',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...SAME_ORIGIN, ...headers },
    payload: JSON.stringify(body),
  });
}

test('ASK-01 a reader gets an answer quoted from reader pages, with numbered citations', async (t) => {
  const app = await gate(t, READER);
  const response = await ask(app, { question: 'what does a publish environment run?' });
  assert.equal(response.statusCode, 200);
  assert.equal(response.headers['cache-control'], 'private, no-store');
  assert.match(String(response.headers['content-type']), /^application\/json/);
  const answer = response.json() as AskAnswer;
  assert.equal(answer.mode, 'extractive');
  assert.ok(answer.citations.length >= 1);
  assert.equal(answer.citations[0]?.url, '/studio/deploy/publish-environments/');
  assert.match(answer.answer, /\[1\]/);
  assert.match(answer.answer, /test, staging or production/);
  for (const [i] of answer.citations.entries()) assert.match(answer.answer, new RegExp(`\\[${i + 1}\\]`));
});

test('ASK-02 a reader never gets on-prem text or addresses; an on-prem admin does', async (t) => {
  const reader = await gate(t, READER);
  const admin = await gate(t, ONPREM_ADMIN);
  const questions = [
    'how do I rotate the licence in the manager?',
    'ONPREM-CANARY manager licence',
    'manager guide rotate the licence',
    'which publish environments does the manager keep the licence of',
  ];
  for (const question of questions) {
    const raw = (await ask(reader, { question })).body;
    assert.ok(!/on-prem|CANARY|Manager guide|Rotate the licence/i.test(raw), `${question} → ${raw}`);
  }
  const answer = (await ask(admin, { question: 'how do I rotate the licence in the manager?' })).json() as AskAnswer;
  assert.equal(answer.citations[0]?.url, '/on-prem/manager-guide/#rotate-the-licence');
  assert.match(answer.answer, /ONPREM-CANARY/);
});

test('ASK-03 anonymous visitors get 401, other sites 403, before anything is retrieved', async (t) => {
  const anonymous = await gate(t, null);
  const refused = await ask(anonymous, { question: 'publish environment' });
  assert.equal(refused.statusCode, 401);
  assert.equal(refused.json().error, 'GATE_ERR_UNAUTHENTICATED');
  const reader = await gate(t, READER);
  for (const headers of [
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'same-site', origin: PUBLIC_URL },
    { origin: '', 'sec-fetch-site': '' },
  ]) {
    const response = await reader.inject({
      method: 'POST',
      url: '/api/ask',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ question: 'publish environment' }),
    });
    assert.equal(response.statusCode, 403, JSON.stringify(headers));
    assert.equal(response.json().error, 'GATE_ERR_CROSS_SITE');
  }
});

test('ASK-04 the question and the history are bounded; each refusal names the field', async (t) => {
  const app = await gate(t, READER);
  const turn = { question: 'what is an entity', answer: 'An entity lists values.' };
  const cases: [unknown, RegExp][] = [
    [{}, /question/],
    [{ question: '' }, /question/],
    [{ question: '   ' }, /question/],
    [{ question: 'x'.repeat(501) }, /question/],
    [{ question: 42 }, /question/],
    [[], /body/],
    [{ question: 'entities', history: 'no' }, /history/],
    [{ question: 'entities', history: Array(7).fill(turn) }, /history/],
    [{ question: 'entities', history: [{ ...turn, answer: 'x'.repeat(2001) }] }, /history\[0\]\.answer/],
    [{ question: 'entities', history: [turn, { answer: 'a' }] }, /history\[1\]\.question/],
  ];
  for (const [body, field] of cases) {
    const response = await ask(app, body);
    assert.equal(response.statusCode, 400, JSON.stringify(body).slice(0, 80));
    assert.equal(response.json().error, 'GATE_ERR_BAD_REQUEST');
    assert.match(response.json().message, field);
  }
  const ok = await ask(app, { question: 'x'.repeat(500), history: Array(6).fill(turn) });
  assert.equal(ok.statusCode, 200);
});

test('ASK-05 Accept: text/event-stream streams delta events, then done with the citations', async (t) => {
  const app = await gate(t, READER);
  const question = { question: 'what does a publish environment run?' };
  const json = (await ask(app, question)).json() as AskAnswer;
  const response = await ask(app, question, { accept: 'text/event-stream' });
  assert.equal(response.statusCode, 200);
  assert.match(String(response.headers['content-type']), /^text\/event-stream/);
  assert.equal(response.headers['cache-control'], 'private, no-store');
  const events = response.body
    .trim()
    .split('\n\n')
    .map((block) => {
      const [event, data] = block.split('\n');
      const parsed = JSON.parse(String(data).replace(/^data: /, ''));
      assert.equal(event, `event: ${parsed.type}`);
      return parsed;
    });
  const last = events.pop();
  assert.ok(events.length >= 2 && events.every((e) => e.type === 'delta'), 'deltas first, in chunks');
  assert.equal(events.map((e) => e.text).join(''), json.answer);
  assert.deepEqual(last, { type: 'done', citations: json.citations, mode: 'extractive' });
});

test('ASK-06 a question the docs do not answer gets the no-answer sentence and no citation', async (t) => {
  const app = await gate(t, READER);
  for (const question of ['what is the weather in Paris', 'write me a poem', 'the', '???']) {
    const answer = (await ask(app, { question })).json() as AskAnswer;
    assert.deepEqual(answer, { answer: NO_ANSWER, citations: [], mode: 'extractive' }, question);
  }
});

test('ASK-07 each reader has ASK_RATE_PER_MINUTE questions a minute, then 429 with Retry-After', async (t) => {
  const app = await gate(t, READER, { ASK_RATE_PER_MINUTE: '2' });
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await ask(app, { question: 'entities' })).statusCode);
  assert.deepEqual(statuses, [200, 200, 429]);
  const refused = await ask(app, { question: 'entities' });
  assert.equal(refused.json().error, 'GATE_ERR_RATE_LIMITED');
  assert.ok(Number(refused.headers['retry-after']) >= 1);
});

test('ASK-08 the answer is Markdown without raw HTML, linking only to the portal', async (t) => {
  const app = await gate(t, READER);
  const answer = (await ask(app, { question: 'which values does an entity list, such as order numbers?' })).json();
  assert.ok(answer.citations.length > 0, answer.answer);
  // The record holds "<b>order</b>": quoted as text, never as HTML.
  assert.ok(!/<b>/.test(answer.answer), answer.answer);
  assert.match(answer.answer, /\\<b\\>order\\<\/b\\>/);
  for (const [, target] of answer.answer.matchAll(/\]\(([^)]*)\)/g)) assert.match(target, /^\/(?!\/)/);
});

test('ASK-09 without search records, asking answers 503', async (t) => {
  const app = await buildGate(t, { identity: READER, env: { PUBLIC_URL } });
  const response = await ask(app, { question: 'entities' });
  assert.equal(response.statusCode, 503);
  assert.equal(response.json().error, 'GATE_ERR_SEARCH_UNAVAILABLE');
});

test('ASK-10 a short follow-up is looked up with the question before it', async (t) => {
  const app = await gate(t, READER);
  const alone = (await ask(app, { question: 'how do I undo it?' })).json() as AskAnswer;
  assert.deepEqual(alone.citations, [], 'on its own it names nothing the docs answer');
  const history = [{ question: 'what is a publish environment', answer: 'A publish environment is where…' }];
  const followUp = (await ask(app, { question: 'how do I undo it?', history })).json() as AskAnswer;
  assert.equal(followUp.citations[0]?.url, '/studio/deploy/publish-environments/');
});

test('ASK-15 questions are counted in their own metrics class, never by question or reader', async (t) => {
  const app = await gate(t, READER);
  await ask(app, { question: 'what does a publish environment run?' });
  await ask(app, { question: 'x'.repeat(501) });
  const text = await app.metrics.registry.metrics();
  assert.match(text, /tala_http_requests_total\{class="ask",status="200"\} 1/);
  assert.match(text, /tala_http_requests_total\{class="ask",status="400"\} 1/);
  assert.ok(!text.includes('publish environment run'));
});

test('ASK-16 questions take turns with searches for the workers: one reader flooding them is refused, another is answered', async (t) => {
  const searcher = await startSearcher(makeBuildDir(t, files), 1);
  t.after(() => searcher.close());
  const task = {
    kind: 'ask' as const,
    question: 'what does a publish environment run?',
    history: [],
    allowed: ['public' as const, 'reader' as const],
    limit: 8,
  };
  const flood = Array.from({ length: 12 }, () => searcher.retrieve(task, 'reader-a'));
  const other = searcher.retrieve(task, 'reader-b');
  const outcomes = await Promise.allSettled(flood);
  assert.ok(outcomes.some((o) => o.status === 'rejected' && o.reason instanceof SearchBusyError));
  assert.equal((await other)[0]?.url, '/studio/deploy/publish-environments/');
});
