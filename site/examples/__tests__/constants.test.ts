import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { Paragraph, Root } from 'mdast';
import { BuildError } from '../../plugins/build-errors.ts';
import { loadConstants } from '../../plugins/content/platform-constants/constants.ts';
import remarkPlatformConstants from '../../plugins/content/platform-constants/remark.ts';
import { checkExamples, formatFindings } from '../check.ts';

/** Platform constants: a number pages state lives in site/config/platform-constants.yaml. */

const siteDir = path.resolve(import.meta.dirname, '../..');
const constants = loadConstants();

test(":const[name] becomes the constant's text; an unknown name stops the build at its line", () => {
  const tree: Root = {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'Inquire synchronises every ' },
          { type: 'textDirective', name: 'const', attributes: {}, children: [{ type: 'text', value: 'syncInterval' }] },
          { type: 'text', value: '.' },
        ],
      } as Paragraph,
    ],
  };
  remarkPlatformConstants()(tree, { path: 'x.md' });
  const text = (tree.children[0] as Paragraph).children.map((c) => ('value' in c ? c.value : '')).join('');
  assert.equal(text, `Inquire synchronises every ${constants.syncInterval?.text}.`);
  const wrong: Root = {
    type: 'root',
    children: [
      {
        type: 'paragraph',
        children: [
          {
            type: 'textDirective',
            name: 'const',
            attributes: {},
            children: [{ type: 'text', value: 'syncIntervall' }],
            position: { start: { line: 4, column: 1 }, end: { line: 4, column: 20 } },
          },
        ],
      } as Paragraph,
    ],
  };
  assert.throws(
    () => remarkPlatformConstants()(wrong, { path: 'docs/x.md' }),
    (error: unknown) =>
      error instanceof BuildError && error.message.startsWith('[BUILD_ERR_EXAMPLE] docs/x.md:4: :const[syncIntervall]'),
  );
});

test('a constant written out by hand is refused, outside release notes; every restated pattern catches its own planted sentence', () => {
  const planted: Record<string, string> = {
    syncInterval: 'Inquire synchronises each data source every 15 minutes.',
    dataSourceRetention: 'Choose the weeks to keep; the default is 52.',
    lockTimeout: 'Locks end after the lock timeout of 60 minutes.',
    trainingExamplesMinimum: 'Give each class at least 15 examples.',
  };
  assert.deepEqual(Object.keys(planted).sort(), Object.keys(constants).sort(), 'one planted sentence per constant');
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-constants-'));
  const file = path.join(dir, 'page.md');
  writeFileSync(file, `${Object.values(planted).join('\n\n')}\n`);
  const lines = formatFindings(checkExamples(siteDir, { pages: [file], specs: [] }).findings).split('\n');
  assert.deepEqual(
    lines.map((line) => /write :const\[(\w+)\]/.exec(line)?.[1]),
    Object.keys(planted),
  );
});

test('a spec that states a platform constant must state its value: a planted lock timeout of 60 minutes is refused, 30 passes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-spec-constants-'));
  const spec = (minutes: number) =>
    `paths:\n  /locks:\n    post:\n      description: >-\n        Each save extends the lock by the lock timeout (${minutes} minutes by default).\n`;
  writeFileSync(path.join(dir, 'right.yaml'), spec(30));
  writeFileSync(path.join(dir, 'wrong.yaml'), spec(60));
  const report = checkExamples(siteDir, {
    pages: [],
    specs: [path.join(dir, 'right.yaml'), path.join(dir, 'wrong.yaml')],
  });
  assert.equal(report.counts['spec constant'], 2, 'both specs state the constant');
  assert.deepEqual(
    report.findings.map((f) => [path.basename(f.file), f.line, f.message]),
    [['wrong.yaml', 4, '"lock timeout (60 minutes" contradicts the platform constant lockTimeout (30 minutes)']],
  );
});
