/**
 * Leak crawl over the real build (site/build), part 1: what the crawl covers, and the on-prem admin
 * (the crawl finds what it looks for). The reader, the anonymous visitor and the MCP crawl are
 * beside it; the shared crawl is leak-crawl-fixtures.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ONPREM_ADMIN } from './helper.ts';
import {
  buildDir,
  crawl,
  files,
  gate,
  manifest,
  onpremIn,
  onpremRoutes,
  onpremRoutesIn,
  secrets,
  targets,
} from './leak-crawl-fixtures.ts';

test('ROLE-05 the crawl covers the whole build: every file of the manifest, and something to recognise in each on-prem one', () => {
  assert.ok(secrets.length > 20, `only ${secrets.length} on-prem texts`);
  assert.ok(onpremRoutes.length > 50, `only ${onpremRoutes.length} on-prem addresses`);
  assert.ok(targets.length > 1000);
  const crawled = new Set(files);
  assert.deepEqual(
    Object.keys(manifest.files).filter((file) => !crawled.has(`/${file}`)),
    [],
    'every file of the manifest is requested',
  );
  // An on-prem file with neither on-prem text nor an on-prem address could leak unnoticed; one
  // this small carries no page (the docs plugin's id, for instance).
  const unrecognisable = Object.entries(manifest.files)
    .filter(([, level]) => level === 'onprem')
    .map(([file]) => [file, readFileSync(path.join(buildDir, file), 'utf8')] as const)
    .filter(([, body]) => !secrets.some((secret) => body.includes(secret)) && onpremRoutesIn(body).length === 0)
    .filter(([, body]) => body.length >= 512)
    .map(([file]) => file);
  assert.deepEqual(unrecognisable, [], 'on-prem files the crawl would not recognise');
});

test('ROLE-05 the crawl has something to find: every on-prem text and address reaches an admin, search included', async (t) => {
  const app = await gate(t, ONPREM_ADMIN);
  const found = new Set<string>();
  const named = new Set<string>();
  const searches: [string, number][] = [];
  const asks: [string, number][] = [];
  await crawl(
    app,
    (url, _status, body) => {
      const { texts, routes } = onpremIn(body);
      for (const text of texts) found.add(text);
      for (const route of routes) named.add(route);
      if (url.startsWith('search ')) searches.push([url, routes.length]);
      if (url.startsWith('ask ')) asks.push([url, routes.length]);
    },
    { spellings: false },
  );
  assert.deepEqual(
    secrets.filter((s) => !found.has(s)),
    [],
    'every on-prem text reaches the admin',
  );
  assert.deepEqual(
    onpremRoutes.filter((route) => !named.has(route)),
    [],
    'every on-prem address reaches the admin',
  );
  assert.ok(searches.length > 10, `${searches.length} searches`);
  assert.deepEqual(
    searches.filter(([, hits]) => hits === 0),
    [],
    "every search finds on-prem pages for the admin: the reader's searches ask for what exists",
  );
  // Questions are answered only when a section answers them (the relevance floor), so not every
  // phrase gets an answer; most must, or the reader's questions would prove little.
  const cited = asks.filter(([, routes]) => routes > 0).length;
  assert.ok(asks.length > 20 && cited / asks.length >= 0.8, `${cited} of ${asks.length} questions cite on-prem pages`);
});
