/**
 * "Ask the docs" on the real build (site/build): retrieval and the extractive answer as the search
 * workers run them, for a reader and for an on-prem admin.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { AccessLevel } from '@tala/policy';
import { extractiveAnswer, markdownText } from '../src/ask/extractive.ts';
import { retrieve } from '../src/ask/retrieve.ts';
import { loadCorpus } from '../src/search/answer.ts';
import { loadRecords, SEARCH_RECORDS_FILE } from '../src/search/records.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const buildDir = path.join(root, 'site/build');
const skip = existsSync(path.join(buildDir, SEARCH_RECORDS_FILE)) ? false : 'no site build';
const READER: AccessLevel[] = ['public', 'reader'];
const ADMIN: AccessLevel[] = ['public', 'reader', 'onprem'];

test('ASK-20 on the real build: a reader asking for on-prem pages gets nothing of them; an admin gets them', {
  skip,
}, async () => {
  const [corpus, records] = await Promise.all([loadCorpus(buildDir), loadRecords(buildDir)]);
  const onprem = records.filter((r) => r.access === 'onprem');
  const onpremPages = new Set(onprem.map((r) => r.url_without_anchor));
  const readerText = records
    .filter((r) => r.access !== 'onprem')
    .map((r) => `${r.content ?? ''} ${Object.values(r.hierarchy).join(' ')}`)
    .join('\n');
  // On-prem sentences no reader record holds, as a quote would write them: what must never reach a reader.
  const onpremOnly = [
    ...new Set(onprem.flatMap((r) => (r.content ?? '').split(/(?<=[.!?])\s+/)).filter((c) => c.length >= 40)),
  ]
    .filter((sentence) => !readerText.includes(sentence))
    .map(markdownText);
  const titles = [...new Set(onprem.map((r) => r.hierarchy.lvl1 ?? ''))].filter(Boolean);
  assert.ok(titles.length > 50 && onpremOnly.length > 100);
  let adminCited = 0;
  // The check above can see a leak: the admin's answers quote on-prem sentences.
  let adminQuoted = 0;
  for (const title of titles) {
    const task = { kind: 'ask' as const, question: title, history: [], limit: 8 };
    const passages = retrieve(corpus.engine, corpus.sections, { ...task, allowed: READER });
    const answer = extractiveAnswer(title, passages);
    assert.deepEqual(
      passages.filter((p) => p.level === 'onprem' || onpremPages.has(p.url.replace(/#.*/, ''))).map((p) => p.url),
      [],
      title,
    );
    assert.deepEqual(
      onpremOnly.filter((sentence) => answer.answer.includes(sentence)),
      [],
      title,
    );
    const forAdmin = extractiveAnswer(title, retrieve(corpus.engine, corpus.sections, { ...task, allowed: ADMIN }));
    if (forAdmin.citations.some((c) => onpremPages.has(c.url.replace(/#.*/, '')))) adminCited += 1;
    if (onpremOnly.some((sentence) => forAdmin.answer.includes(sentence))) adminQuoted += 1;
  }
  assert.ok(
    adminCited / titles.length >= 0.8,
    `the admin's answers cite on-prem pages for ${adminCited} of ${titles.length} titles`,
  );
  assert.ok(
    adminQuoted / titles.length >= 0.5,
    `the admin's answers quote on-prem sentences for ${adminQuoted} of ${titles.length} titles`,
  );
});

test('ASK-21 on the real build: a question is answered from the page that answers it, quoting the answer', {
  skip,
}, async () => {
  const corpus = await loadCorpus(buildDir);
  const ask = (question: string) =>
    extractiveAnswer(
      question,
      retrieve(corpus.engine, corpus.sections, { kind: 'ask', question, history: [], allowed: READER, limit: 8 }),
    );
  const script = ask('how long can a script run before it times out');
  assert.ok(
    script.citations.slice(0, 3).some((c) => c.url.startsWith('/studio/build/scripting/')),
    script.answer,
  );
  assert.match(script.answer, /10 seconds/);
  // The tuning requests that the docs' own words still let through (everyday words the examples use:
  // "drink", "password", "help quickly"), listed so that a new one fails here; bench:ask reports them.
  const knownMisses = [
    'what helps against a migraine quickly',
    'my outlook keeps asking for a password',
    'how much water should I drink a day',
  ];
  const offTopic = JSON.parse(readFileSync(path.join(root, 'bench/ask/off-topic.json'), 'utf8')) as { query: string }[];
  const answered = offTopic.filter(({ query }) => ask(query).citations.length > 0).map(({ query }) => query);
  assert.deepEqual(
    answered.filter((query) => !knownMisses.includes(query)),
    [],
  );
});
