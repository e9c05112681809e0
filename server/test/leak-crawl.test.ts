/**
 * Leak crawl over the real build (site/build), part 1: the on-prem admin (the crawl finds what it
 * looks for) and the anonymous visitor. Part 2 (reader) and the MCP crawl are beside it; the shared
 * crawl is leak-crawl-fixtures.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ONPREM_ADMIN } from './helper.ts';
import { crawl, gate, leaksTo, secrets, targets } from './leak-crawl-fixtures.ts';

test('ROLE-05 the crawl has something to find: on-prem text exists and an admin receives it', async (t) => {
  assert.ok(secrets.length > 20, `only ${secrets.length} on-prem texts`);
  assert.ok(targets.length > 1000);
  const app = await gate(t, ONPREM_ADMIN);
  const found = new Set<string>();
  await crawl(app, (_url, _status, body) => {
    for (const secret of secrets) if (body.includes(secret)) found.add(secret);
  });
  assert.deepEqual(
    secrets.filter((s) => !found.has(s)),
    [],
    'every on-prem text reaches the admin',
  );
});

test('ROLE-05 no byte of on-prem text reaches an anonymous visitor, in any spelling of any path', async (t) => {
  assert.deepEqual(await leaksTo(t, null), []);
});
