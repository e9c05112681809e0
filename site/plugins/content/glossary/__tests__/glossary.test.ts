import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { BuildError } from '../../../build-errors';
import { GLOSSARY_SOURCE, glossaryPages, splitGlossary } from '../write-pages';

const source = readFileSync(GLOSSARY_SOURCE, 'utf8');
const terms = (markdown: string) => [...markdown.matchAll(/^\*\*([^*]+)\*\*/gm)].map((m) => m[1]);

test('GLOSSARY-01 the readers get every term of the domain model but the on-prem sections, which only the on-prem page has', () => {
  const { reader, onprem } = glossaryPages(source);
  const all = terms(source);
  assert.ok(all.length > 90, `the glossary has its terms (${all.length})`);
  const onpremTerms = terms(onprem);
  assert.ok(onpremTerms.includes('Settings map.') && onpremTerms.includes('Manager roles.'));
  assert.deepEqual([...terms(reader), ...onpremTerms].sort(), [...all].sort(), 'each term on exactly one page');
  for (const term of onpremTerms) assert.ok(!reader.includes(`**${term}**`), `${term} is not on the reader page`);
  // The writers' instructions and the access markers stay in the repository.
  assert.ok(
    !reader.includes('add it here first') && !reader.includes('access: onprem') && !onprem.includes('access: onprem'),
  );
  assert.match(reader, /^---\ntitle: "Glossary"/);
});

test('GLOSSARY-02 a glossary without the comment that starts its published part fails the build with BUILD_ERR_GLOSSARY', () => {
  assert.throws(
    () => splitGlossary(source.replace(/^<!-- The site publishes.*$/m, '')),
    (error: unknown) => error instanceof BuildError && error.code === 'BUILD_ERR_GLOSSARY',
  );
});
