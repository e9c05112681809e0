import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { BuildError } from '../../plugins/build-errors.ts';
import { checkExamples, formatFindings } from '../check.ts';
import { checkTql, TQL_MODEL } from '../tql/check.ts';
import remarkTqlTables from '../tql/remark-tables.ts';

/** TQL as code: the manual's grammar and data model, checked on every example. */

const siteDir = path.resolve(import.meta.dirname, '../..');
const manual = readFileSync(path.join(siteDir, 'docs/reference/tala-programming/tql-manual.md'), 'utf8');

function page(markdown: string, name = 'page.md'): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tala-examples-')), name);
  writeFileSync(file, markdown);
  return file;
}

test('the current pages and API specs pass every example check, and the checks cover them', () => {
  const { findings, counts } = checkExamples(siteDir);
  assert.equal(formatFindings(findings), '');
  // Not vacuous: the TQL examples of the manual, the cookbook and the guides, the fields named in
  // prose, and the queries in the API specs' examples were all found.
  assert.ok((counts.tql ?? 0) >= 45, `tql blocks: ${counts.tql}`);
  assert.ok((counts['TQL field'] ?? 0) >= 60, `fields in prose: ${counts['TQL field']}`);
  assert.ok((counts['spec TQL'] ?? 0) >= 10, `queries in specs: ${counts['spec TQL']}`);
  // The domain model is checked too: the glossary's TQL example, in a code span.
  assert.ok((counts['inline TQL'] ?? 0) >= 1, `queries in the glossary: ${counts['inline TQL']}`);
  // Every class of example the issues found unchecked is covered.
  for (const kind of [
    'spec constant',
    'AsyncAPI message',
    'web-socket message',
    'response after an inline call',
    'running example',
  ])
    assert.ok((counts[kind] ?? 0) >= 1, `${kind}: ${counts[kind]}`);
});

test("TQL that finds the safety net by its flow's name is refused: t.safetyNet does not depend on the name", () => {
  const problems = checkTql(
    "listall t.userInputText from s in sessions, t in s.transactions where t.flowName == 'Safety net' and s.date >= '2026-05-01'",
  );
  assert.deepEqual(
    problems.map((p) => `${p.line}:${p.column} ${p.message}`),
    ["1:71 t.flowName == 'Safety net' depends on the flow's name: use t.safetyNet"],
  );
  assert.deepEqual(
    checkTql(
      "listall t.userInputText from s in sessions, t in s.transactions where t.safetyNet and s.date >= '2026-05-01'",
    ),
    [],
  );
});

test('a planted mistake in a ```tql block is reported with its page, line and column', () => {
  const file = page(
    [
      '# Sessions',
      '',
      'Some text.',
      '',
      '```tql',
      'list t.flow, count(t.id)',
      'from s in sessions, t in s.transactions',
      "where s.date >= '2026-05-01' and e.type == 'FLOW_STARTED'",
      '```',
      '',
      '```tql',
      "listall t.userInputText from s in sessions, t in s.transactions where t.date >= '2026-05-01'",
      '',
      'list s.id from s in sessions where',
      '```',
      '',
    ].join('\n'),
  );
  const lines = formatFindings(checkExamples(siteDir, { pages: [file], specs: [] }).findings).split('\n');
  const name = path.relative(siteDir, file);
  assert.deepEqual(lines, [
    `${name}:6:6 [tql] unknown field t.flow; did you mean t.flowName?`,
    `${name}:6:14 [tql] unknown function count; did you mean countAll?`,
    `${name}:8:34 [tql] unknown range e; bound here: s, t`,
    `${name}:8:44 [tql] e.type is never 'FLOW_STARTED'; did you mean 'flow-entered'?`,
    `${name}:12:71 [tql] t.date alone makes Inquire read every week: add a condition on the session's date`,
    `${name}:14:35 [tql] Expected whitespace but end of input found.`,
  ]);
});

test("the manual's rules: aggregates only in a listall selection, group by only in listall, every column grouped", () => {
  const messages = (query: string) => checkTql(query).map((p) => p.message);
  const from = "from s in sessions, t in s.transactions where s.date >= '2026-05-01'";
  assert.deepEqual(messages(`listall t.flowName, countAll() as n ${from} group by t.flowName order by n desc`), []);
  assert.match(
    messages(`list countAll() ${from}`)[0] ?? '',
    /aggregate countAll\(\) is allowed only in the selection of a listall/,
  );
  assert.match(messages(`listall t.flowName ${from} and rate(t.safetyNet) > 0.1`)[0] ?? '', /aggregate rate\(\)/);
  assert.match(
    messages(`list t.flowName ${from} group by t.flowName`)[0] ?? '',
    /group by` is allowed only in listall/,
  );
  assert.deepEqual(messages(`listall t.flowName, countAll() ${from}`), [
    't.flowName is neither an aggregate nor in `group by`',
  ]);
  assert.deepEqual(messages(`listall week(s.date) as week, countAll() as n ${from} group by week order by wek`), [
    'unknown column wek; did you mean week?',
  ]);
  assert.deepEqual(messages(`list t.id from s in sessions, t in s.variables where s.date >= '2026-05-01'`), [
    's.variables is not a collection; sessions have s.transactions',
  ]);
  assert.deepEqual(messages(`list s.id from s in sessions where s.date > dateAdd(now(), -7, 'days')`), [
    "the unit of dateAdd is one of 'second', 'minute', 'hour', 'day', 'week', 'month'",
  ]);
  assert.deepEqual(messages(`list s.id from s in sessions where s.date >= '2026-01-01' limit 0`), [
    'limit must be between 1 and 100000',
  ]);
});

test('a field named in prose must be a field of the data model', () => {
  const file = page(
    'Sort by `s.startTime`, then by `t.processedInputText`; `t.flowName` and `t.variables.orderSize` are fine.\n',
  );
  const name = path.relative(siteDir, file);
  assert.deepEqual(formatFindings(checkExamples(siteDir, { pages: [file], specs: [] }).findings).split('\n'), [
    `${name}:1:9 [TQL field] unknown TQL field s.startTime`,
    `${name}:1:32 [TQL field] unknown TQL field t.processedInputText`,
  ]);
});

test('a TQL query in an API spec example is checked, reported at the spec line', () => {
  const spec = page(
    [
      'paths:',
      '  /tql/queries:',
      '    post:',
      '      requestBody:',
      '        content:',
      '          application/json:',
      '            example:',
      '              query: "listall t.variables.size, count(t.id) from s in sessions, t in s.transactions where s.date >= \'2026-01-01\'"',
      '',
    ].join('\n'),
    'tql.yaml',
  );
  const found = checkExamples(siteDir, { pages: [], specs: [spec] }).findings;
  assert.deepEqual(
    found.map((f) => `${f.line} ${f.message}`),
    ['8 query, at 1:27 of the query: unknown function count; did you mean countAll?'],
  );
});

test("every rule of the manual's grammar is a rule of the parser (tql.peggy), so the two cannot drift", () => {
  const grammar = /## Grammar[\s\S]*?```text\n([\s\S]*?)```/.exec(manual)?.[1] ?? '';
  const rules = [...grammar.matchAll(/^([a-z][a-z-]*)\s+=/gm)].map((m) => (m[1] as string).replace(/-/g, '_'));
  assert.ok(rules.length >= 25, `rules found in the manual: ${rules.length}`);
  const parser = readFileSync(path.join(siteDir, 'examples/tql/tql.peggy'), 'utf8');
  const missing = rules.filter((rule) => !new RegExp(`^${rule}\\b`, 'm').test(parser));
  assert.deepEqual(missing, []);
});

test("::tql-table renders the data model file as the manual's tables; an unknown table stops the build at its line", () => {
  const tree = fromMarkdown('intro\n') as Root;
  tree.children.push({ type: 'leafDirective', name: 'tql-table', attributes: { of: 'events' }, children: [] } as never);
  remarkTqlTables()(tree, { path: 'x.md' });
  const table = tree.children[1] as { type: string; children: { children: { children: { value?: string }[] }[] }[] };
  assert.equal(table.type, 'table');
  const firstCells = table.children.slice(1).map((row) => row.children[0]?.children[0]?.value);
  assert.deepEqual(
    firstCells,
    Object.keys(TQL_MODEL.ranges.events?.fields ?? {}).map((field) => `e.${field}`),
  );
  const wrong = fromMarkdown('\n') as Root;
  wrong.children.push({
    type: 'leafDirective',
    name: 'tql-table',
    attributes: { of: 'sesions' },
    children: [],
    position: { start: { line: 7, column: 1 }, end: { line: 7, column: 30 } },
  } as never);
  assert.throws(
    () => remarkTqlTables()(wrong, { path: 'docs/x.md' }),
    (error: unknown) =>
      error instanceof BuildError &&
      /^\[BUILD_ERR_EXAMPLE\] docs\/x\.md:7: ::tql-table of="sesions"/.test(error.message),
  );
});
