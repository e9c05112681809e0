/** Leak crawl over the real build, part 2: a reader without the on-prem role, and what anonymous visitors get. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { READER } from './helper.ts';
import { crawl, gate, leaksTo, loginHtml, publicBodies } from './leak-crawl-fixtures.ts';

test('ROLE-05 no on-prem text or address reaches a reader without the on-prem role, in any spelling of any path or through search', async (t) => {
  assert.deepEqual(await leaksTo(t, READER), []);
});

test('AUTH-01 an anonymous visitor gets nothing but the login screen and its assets', async (t) => {
  const app = await gate(t, null);
  const problems: string[] = [];
  await crawl(app, (url, status, body) => {
    if (status === 0 || (status >= 300 && status < 400)) return; // nothing, or a redirect without content
    if (body === loginHtml) return; // the login screen, 401 or at /Login/
    if (status === 200 && publicBodies.has(body)) return;
    if (status >= 400 && /^\{"error":"[\w ]+","message":"[^"]*"(,"statusCode":\d+)?\}$/.test(body)) return;
    // Search answers in Algolia's error shape: a message and the status, nothing searched.
    if (status === 401 && url.startsWith('search ') && /^\{"message":"[^"]*","status":401\}\n/.test(body)) return;
    problems.push(`${url} → ${status} ${body.slice(0, 60)}`);
  });
  assert.deepEqual(problems.slice(0, 20), []);
});
