import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SEARCH_SYNONYMS_FILE } from '@tala/policy';
import { BuildError } from '../../../build-errors';
import { copySynonyms, SYNONYMS_SOURCE } from '../synonyms';

async function siteWith(yaml: string | null) {
  const siteDir = await mkdtemp(path.join(tmpdir(), 'tala-synonyms-'));
  const outDir = path.join(siteDir, 'build');
  await mkdir(path.join(siteDir, 'search'), { recursive: true });
  await mkdir(outDir);
  if (yaml !== null) await writeFile(path.join(siteDir, SYNONYMS_SOURCE), yaml);
  return { siteDir, outDir };
}

test('the writers synonyms reach the build, lower case', async () => {
  const { siteDir, outDir } = await siteWith('# comment\n- [Sync, synchronisation]\n- [licence, license]\n');
  assert.equal(await copySynonyms(siteDir, outDir), 2);
  assert.deepEqual(JSON.parse(await readFile(path.join(outDir, SEARCH_SYNONYMS_FILE), 'utf8')), [
    ['sync', 'synchronisation'],
    ['licence', 'license'],
  ]);
});

test('no synonyms file: no synonyms', async () => {
  const { siteDir, outDir } = await siteWith(null);
  assert.equal(await copySynonyms(siteDir, outDir), 0);
});

test('a broken synonyms file fails the build with its code, file:line and why', async () => {
  for (const [yaml, line, reason] of [
    ['- [sync]\n', 1, /group 1: expected a list of at least two words/],
    ['# the groups\n- [licence, license]\n- [sync, log-data]\n', 3, /group 2: "log-data" is not a word or a phrase/],
    ['- [a, b]\n-\n  - center\n  - 12 3?\n', 3, /group 2: "12 3\?" is not a word or a phrase/],
    ['- [a, b]\n- [handover, one two three four five six seven]\n', 2, /group 2: .* has more than 6 words/],
    ['sync: synchronise\n', null, /expected a list of groups/],
    ['- [a, b]\n- [sync, [\n', 3, /not valid YAML/],
  ] as const) {
    const { siteDir, outDir } = await siteWith(yaml);
    await assert.rejects(copySynonyms(siteDir, outDir), (error: Error) => {
      assert.ok(error instanceof BuildError);
      const where = line === null ? '' : `:${line}`;
      assert.ok(error.message.startsWith(`[BUILD_ERR_SYNONYMS] site/search/synonyms.yml${where}: `), error.message);
      assert.match(error.message, reason);
      return true;
    });
  }
});

test("the repository's synonyms file is valid", async () => {
  const { outDir } = await siteWith(null);
  assert.ok((await copySynonyms(path.resolve(import.meta.dirname, '../../../..'), outDir)) > 0);
});
