import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkExamples } from '../check.ts';

/** The running example as code: PIZZA.SYN has one content wherever its entries are listed. */

const siteDir = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'tala-running-'));

test('RUN-01 the three old contents of PIZZA.SYN are refused in a CSV row, a table row and an API example; an edit that adds a word passes', () => {
  const page = path.join(dir, 'page.md');
  writeFileSync(
    page,
    [
      '| Name | Contents |',
      '| --- | --- |',
      '| `%PIZZA.SYN` | `%PIZZA.LEX`, pie, margherita, pepperoni |',
      '| `%ORDER.LEX` | order, orders, ordering, ordered |',
      '',
      '```text',
      'name,type,entries,description,folder',
      'PIZZA.SYN,SYN,pizza|pizzas|pie|%MARGHERITA.LEX,Words for pizza,Language objects',
      'PIZZA.SYN,SYN,pizza|pizzas|pie|margherita|pepperoni|calzone,After adding calzone,Language objects',
      '```',
      '',
    ].join('\n'),
  );
  const spec = path.join(dir, 'spec.yaml');
  writeFileSync(
    spec,
    [
      'example:',
      '  suggestions:',
      '    - name: PIZZA.SYN',
      '      condition: pizza|pie|margherita|%PIZZA_NAME.SYN',
      '',
    ].join('\n'),
  );
  const report = checkExamples(siteDir, { pages: [page], specs: [spec] });
  const found = report.findings
    .filter((f) => f.language === 'running example')
    .map((f) => `${path.basename(f.file)}:${f.line} ${f.message.slice(0, f.message.indexOf(';'))}`);
  assert.deepEqual(found, [
    'page.md:3 PIZZA.SYN is shown as %PIZZA.LEX, pie, margherita, pepperoni',
    'page.md:8 PIZZA.SYN is shown as pizza, pizzas, pie, %MARGHERITA.LEX',
    'spec.yaml:4 PIZZA.SYN is shown as pizza, pie, margherita, %PIZZA_NAME.SYN',
  ]);
  assert.equal(report.counts['running example'], 5, 'two table rows, two CSV rows, one API example');
});
