/**
 * Leak crawl over the real build, "Ask the docs" with a model: the stand-in model
 * (openai-stand-in.ts) is configured and, as the leakiest model there could be, repeats every
 * passage it was sent, citing each. A reader without the on-prem role asks with every on-prem title
 * and phrase the crawl knows (leak-crawl-fixtures.ts): no prompt the gate sends, no answer and no
 * citation may hold on-prem text or an on-prem address. The same asks as an on-prem admin reach the
 * on-prem passages: the crawl asks for what exists.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Identity } from '@tala/policy';
import type { AskAnswer } from '../src/ask/contract.ts';
import { ONPREM_ADMIN, READER } from './helper.ts';
import { gate, onpremIn, onpremTitles, questions } from './leak-crawl-fixtures.ts';
import { type ChatBody, startStandIn } from './openai-stand-in.ts';

const ORIGIN = 'http://localhost:3000';
const QUESTION = '\n\nQuestion: ';

const standIn = await startStandIn();
after(() => standIn.close());

/** The prompt without the crawl's own words (the question, which holds on-prem text by design). */
function promptOf(body: ChatBody): string {
  return body.messages
    .map((message, i, all) => {
      if (i < all.length - 1) return message.content;
      const at = message.content.lastIndexOf(QUESTION);
      return at === -1 ? message.content : message.content.slice(0, at);
    })
    .join('\n');
}

// Every passage back, each cited: whatever the gate sends, the answer carries.
standIn.script((body) => {
  const prompt = promptOf({ messages: body.messages.slice(-1) });
  const cited = [...prompt.matchAll(/<passage n="(\d+)">/g)].map(([, n]) => `[${n}]`).join('');
  return { chunks: [`${prompt.replace(/^Passages:\n\n/, '')}\n\nSources ${cited}.`] };
});

/** Each on-prem title and phrase asked by `identity`: what the model got and what the reader got. */
async function asks(t: test.TestContext, identity: Identity) {
  const app = await gate(t, identity, {
    PUBLIC_URL: ORIGIN,
    ASK_MODEL: 'stand-in',
    ASK_MODEL_BASE_URL: `${standIn.origin}/v1`,
  });
  const results: { question: string; prompt: string; answer: string; mode: string }[] = [];
  for (const question of questions().map((q) => q.slice(0, 500))) {
    const before = standIn.requests.length;
    const response = await app.inject({
      method: 'POST',
      url: '/api/ask',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'sec-fetch-site': 'same-origin' },
      payload: JSON.stringify({ question }),
    });
    assert.equal(response.statusCode, 200, `${question} → ${response.body}`);
    const answer = response.json() as AskAnswer;
    const prompts = standIn.requests.slice(before).map((request) => promptOf(request.body));
    // The answer's JSON (answer text and citations) without the question the reader wrote.
    results.push({
      question,
      prompt: prompts.join('\n'),
      answer: `${answer.answer}\n${JSON.stringify(answer.citations)}`,
      mode: answer.mode,
    });
  }
  return results;
}

test('ROLE-05 asking the docs with a model: no prompt, answer or citation holds on-prem text or an address for a reader; an admin reaches them', async (t) => {
  const reader = await asks(t, READER);
  assert.ok(reader.length > 20, `${reader.length} questions`);
  assert.ok(
    reader.filter((r) => r.mode === 'model').length > reader.length / 2,
    'the model answered most questions: the model path is crawled',
  );
  const leaks = reader.flatMap(({ question, prompt, answer }) =>
    [
      ['prompt', prompt],
      ['answer', answer],
    ].flatMap(([where, body]) => {
      const { texts, routes } = onpremIn(body as string);
      return [...texts, ...routes].map((found) => `${JSON.stringify(question)} → ${where}: ${found}`);
    }),
  );
  assert.deepEqual(leaks.slice(0, 20), []);

  const admin = await asks(t, ONPREM_ADMIN);
  const reached = admin.filter(({ prompt, answer }) => {
    const sent = onpremIn(prompt);
    const got = onpremIn(answer);
    return sent.routes.length + sent.texts.length > 0 && got.routes.length + got.texts.length > 0;
  });
  const titles = admin.filter(({ question }) => onpremTitles.includes(question));
  assert.deepEqual(
    titles.filter((r) => !reached.includes(r)).map((r) => r.question),
    [],
    'every on-prem title asked by an admin reaches on-prem passages, in the prompt and the answer',
  );
});
