/**
 * Leak crawl through the MCP server, in both protocol eras: an assistant
 * authorized by a reader reads every page, searches every on-prem title and the table of contents;
 * an admin's finds on-prem text.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { API_OPERATIONS_FILE, type ApiOperationEntry, markdownFileOf, routeLevel } from '@tala/policy';
import { ONPREM_ADMIN, READER } from './helper.ts';
import { buildDir, gate, onpremTitles, pages, secrets } from './leak-crawl-fixtures.ts';
import { authorize, callTool, callTool2026, rpc } from './mcp-client.ts';

test('ROLE-05 no byte of on-prem text reaches a reader through the MCP server: search, pages, table of contents', async (t) => {
  const app = await gate(t, READER);
  const { access_token } = await authorize(app);
  assert.ok(onpremTitles.length > 20, `only ${onpremTitles.length} on-prem titles`);
  const leaks: string[] = [];
  const check = (what: string, body: string) => {
    for (const secret of secrets) if (body.includes(secret)) leaks.push(`${what}: ${secret}`);
    if (/\/on-prem\/[\w-]/.test(body) && !what.startsWith('read_page')) leaks.push(`${what}: names an on-prem URL`);
  };
  check('list_sections', (await callTool(app, access_token, 'list_sections', {})).body);
  for (const title of onpremTitles) {
    check(`search_docs ${title}`, (await callTool(app, access_token, 'search_docs', { query: title, limit: 20 })).body);
  }
  // Every page and Markdown file by every spelling the path model accepts, on-prem ones refused.
  let refused = 0;
  for (const page of pages) {
    for (const url of [page, `/${markdownFileOf(page)}`, `${page.replace(/\/$/, '')}.md`, page.toUpperCase()]) {
      const res = await callTool(app, access_token, 'read_page', { url });
      check(`read_page ${url}`, res.body);
      if (res.json().result?.isError === true && routeLevel(page) === 'onprem') refused += 1;
    }
  }
  assert.ok(refused > 100, `on-prem pages were refused (${refused})`);
  // Every API operation by its id: the Manager API's are on-prem.
  const operations = JSON.parse(readFileSync(path.join(buildDir, API_OPERATIONS_FILE), 'utf8')) as ApiOperationEntry[];
  let refusedOperations = 0;
  for (const { api, operationId } of operations) {
    const res = await callTool(app, access_token, 'get_api_operation', { api, operationId });
    check(`get_api_operation ${api}/${operationId}`, res.body);
    if (res.json().result?.isError === true) refusedOperations += 1;
  }
  assert.equal(refusedOperations, operations.filter((o) => routeLevel(o.route) === 'onprem').length);
  assert.ok(refusedOperations > 20, `${refusedOperations} on-prem operations refused`);
  assert.deepEqual(leaks.slice(0, 20), []);
});

test('ROLE-05 no byte of on-prem text reaches a reader through MCP 2026-07-28 either: search, pages, table of contents', async (t) => {
  const app = await gate(t, READER);
  const { access_token } = await authorize(app);
  const leaks: string[] = [];
  const check = (what: string, body: string) => {
    for (const secret of secrets) if (body.includes(secret)) leaks.push(`${what}: ${secret}`);
  };
  check('list_sections', (await callTool2026(app, access_token, 'list_sections', {})).body);
  for (const title of onpremTitles) {
    const res = await callTool2026(app, access_token, 'search_docs', { query: title, limit: 20 });
    check(`search_docs ${title}`, res.body);
  }
  let refused = 0;
  for (const page of pages) {
    const res = await callTool2026(app, access_token, 'read_page', { url: page });
    assert.equal(res.statusCode, 200, `${page}: ${res.body.slice(0, 200)}`);
    check(`read_page ${page}`, res.body);
    if (res.json().result?.isError === true && routeLevel(page) === 'onprem') refused += 1;
  }
  assert.ok(refused > 50, `on-prem pages were refused (${refused})`);
  assert.deepEqual(leaks.slice(0, 20), []);
});

test('ROLE-05 the MCP crawl has something to find: an on-prem admin reads and finds on-prem text', async (t) => {
  const app = await gate(t, ONPREM_ADMIN);
  const { access_token } = await authorize(app);
  const onpremPages = pages.filter((page) => routeLevel(page) === 'onprem' && !page.includes('/category/'));
  let found = 0;
  for (const page of onpremPages) {
    const body = (await callTool(app, access_token, 'read_page', { url: page })).body;
    if (secrets.some((secret) => body.includes(secret))) found += 1;
  }
  assert.ok(found > 20, `on-prem text in ${found} of ${onpremPages.length} pages`);
  const hits = (await callTool(app, access_token, 'search_docs', { query: onpremTitles[0] as string })).body;
  assert.match(hits, /\/on-prem\//);
});

test('ROLE-05 the MCP server gives an anonymous client nothing but the way to sign in', async (t) => {
  const app = await gate(t, null);
  for (const method of ['tools/list', 'initialize']) {
    const res = await rpc(app, null, method);
    assert.equal(res.statusCode, 401);
    for (const secret of secrets) assert.ok(!res.body.includes(secret));
    assert.match(String(res.headers['www-authenticate']), /resource_metadata=/);
  }
});
