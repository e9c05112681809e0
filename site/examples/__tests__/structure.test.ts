import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkExamples, formatFindings } from '../check.ts';
import { checkStructure } from '../pages/structure.ts';

/** Task pages open with what the reader needs and show the result; warnings are admonitions. */

const steps = ['1. In **Solution > Publish**, select **staging**.', '2. Select **Publish**.', ''].join('\n');
const before = [
  '## Before you begin',
  '',
  'You need the Publish permission for the environment. Publishing takes about 2 minutes.',
  '',
].join('\n');
const result = '**Result.** The environment shows the new version.\n';
const messages = (markdown: string) => checkStructure(markdown).problems.map((p) => `${p.line}: ${p.message}`);

test('TASK-01 a procedure without "Before you begin" (role, time) or without its result is refused; a complete one passes', () => {
  const complete = `Intro.\n\n${before}\n## Publish\n\n${steps}\n${result}`;
  assert.deepEqual(messages(complete), []);
  assert.equal(checkStructure(complete).task, true);
  assert.match(
    messages(`Intro.\n\n## Publish\n\n${steps}\n${result}`).join('\n'),
    /opens its first procedure with "## Before you begin"/,
  );
  assert.match(
    messages(`${before.replace('the Publish permission for the environment', 'a solution')}\n${steps}\n${result}`).join(
      '\n',
    ),
    /names no role or permission/,
  );
  assert.match(
    messages(`${before.replace(' Publishing takes about 2 minutes.', '')}\n${steps}\n${result}`).join('\n'),
    /says not how long it takes/,
  );
  assert.match(
    messages(`${before}\n${steps}\n## Next\n\n${result}`).join('\n'),
    /ends with a "\*\*Result\.\*\*" paragraph/,
  );
  // "Before you begin" after the first procedure does not open it.
  assert.match(messages(`${steps}\n${result}\n${before}`).join('\n'), /opens its first procedure/);
});

test('TASK-02 an ordered list of stages or causes is not a procedure, so its page is not a task page', () => {
  const stages = [
    '1. The engine tokenises the input.',
    '2. The flows are matched.',
    '3. The answer is rendered.',
    '',
  ].join('\n');
  assert.deepEqual(checkStructure(`How it works:\n\n${stages}`), { task: false, procedures: 0, problems: [] });
});

test('ADMON-01 a warning in running text ("Warning:", "**Important.**", "Note:") is refused; an admonition passes', () => {
  assert.match(messages('Warning: this deletes the solution.\n').join('\n'), /write it as an admonition/);
  assert.match(messages('**Important.** Back up first.\n').join('\n'), /"Important\." opens a warning/);
  assert.match(messages('Note: the sync runs hourly.\n').join('\n'), /admonition/);
  assert.deepEqual(messages(':::warning This deletes the solution\n\nBack up first.\n\n:::\n'), []);
  assert.deepEqual(messages('Notes are kept per flow.\n'), [], 'a sentence that starts with the word is not a label');
});

test('the build reports a task page mistake with its file and line, as [task page]', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tala-task-')), 'page.md');
  writeFileSync(file, `Intro.\n\n## Publish\n\n${steps}`);
  const report = checkExamples(path.resolve(import.meta.dirname, '../..'), { pages: [file], specs: [] });
  assert.match(formatFindings(report.findings), /page\.md:5:1 \[task page\] a task page opens its first procedure/);
  assert.equal(report.counts['task page'], 1);
});
