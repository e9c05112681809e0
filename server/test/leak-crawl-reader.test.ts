/** Leak crawl over the real build, part 2: a reader without the on-prem role. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { READER } from './helper.ts';
import { leaksTo } from './leak-crawl-fixtures.ts';

test('ROLE-05 no on-prem text or address reaches a reader without the on-prem role, in any spelling of any path or through search', async (t) => {
  assert.deepEqual(await leaksTo(t, READER), []);
});
