import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkAllExamples, checkExamples, formatFindings } from '../check.ts';
import { markdownFiles } from '../scan.ts';

const siteDir = path.resolve(import.meta.dirname, '../..');

/** A page with two TQL mistakes. */
function brokenPage(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tala-examples-')), 'broken.md');
  writeFileSync(
    file,
    [
      '# Broken',
      '',
      '```tql',
      'listall s.nosuchfield from sessions s',
      '```',
      '',
      '```tql',
      'count sessions s where s.date > 3',
      '```',
      '',
    ].join('\n'),
  );
  return file;
}

test('BUILD-EXAMPLES the pages checked on worker threads give the report of one thread: findings, counts, order', async () => {
  // Guide pages with every kind of example, and a page with mistakes in the middle of a shard.
  const pages = markdownFiles(path.join(siteDir, 'docs/reference/tala-programming')).slice(0, 30);
  pages.splice(7, 0, brokenPage());
  const one = checkExamples(siteDir, { pages, specs: [] });
  const split = await checkAllExamples(siteDir, { pages, specs: [], inlineBelow: 0 });
  assert.ok(one.findings.length >= 2, formatFindings(one.findings));
  assert.equal(formatFindings(split.findings), formatFindings(one.findings));
  assert.deepEqual(split.counts, one.counts);
  assert.ok((one.counts.tql ?? 0) > 5, `tql blocks: ${one.counts.tql}`);
});
