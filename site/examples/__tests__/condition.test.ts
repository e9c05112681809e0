import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkExamples, formatFindings } from '../check.ts';
import { checkCondition } from '../condition/check.ts';

/** Condition syntax as code: ```condition blocks parsed with the Condition syntax page's grammar. */

const siteDir = path.resolve(import.meta.dirname, '../..');

test('the worked examples of the Condition syntax page parse, and the deliberately wrong one does not', () => {
  for (const valid of [
    '(%ORDER.LEX || %WANT.SYN || (can|could)+(i|we)+%GET.LEX) && %PIZZA.SYN && !%CANCEL.LEX',
    'track>>my>>order',
    '%ORDER.LEX>>*>>%PIZZA.SYN',
    '%YES.SYN || %PIZZA_SIZE.ENTITY=large',
    '"24/7" || deliver* || colo?r',
    '%SYS_NOUN.POS && %SYS_LOCATION.NER && %SYS_NEGATIVE.SENTIMENT',
    '%core.NUMBER.ENTITY || %COUPLE.PHR',
  ])
    assert.deepEqual(checkCondition(valid), [], valid);
  assert.match(checkCondition('%ORDER.LEX + !%CANCEL.LEX')[0]?.message ?? '', /but "!" found/);
});

test('a planted mistake in a ```condition block is reported with its page, line and column', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tala-conditions-')), 'page.md');
  writeFileSync(
    file,
    ['Conditions:', '', '```condition', '%PIZZA.SYN && p*', 'hello | hi', '%MENU.LIST', '```', ''].join('\n'),
  );
  const name = path.relative(siteDir, file);
  assert.deepEqual(formatFindings(checkExamples(siteDir, { pages: [file], specs: [] }).findings).split('\n'), [
    `${name}:4:15 [condition] the wildcard word p* needs at least two other characters`,
    `${name}:5:7 [condition] Expected "&&", "+", ">>", "||", or end of input but "|" found.`,
    `${name}:6:1 [condition] %MENU.LIST: LIST is not a type; one of LEX, SYN, PHR, MUL, MUR, POS, NER, SENTIMENT or ENTITY`,
  ]);
});

test("every rule of the Condition syntax page's grammar is a rule of the parser (condition.peggy)", () => {
  const page = readFileSync(path.join(siteDir, 'docs/reference/tala-programming/condition-syntax.md'), 'utf8');
  const grammar = /## Grammar[\s\S]*?```text\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
  const rules = [...grammar.matchAll(/^([a-z][a-z-]*)\s+=/gm)].map((m) => (m[1] as string).replace(/-/g, '_'));
  assert.ok(rules.length >= 15, `rules found: ${rules.length}`);
  const parser = readFileSync(path.join(siteDir, 'examples/condition/condition.peggy'), 'utf8');
  assert.deepEqual(
    rules.filter((rule) => !new RegExp(`^${rule}\\b`, 'm').test(parser)),
    [],
  );
});
