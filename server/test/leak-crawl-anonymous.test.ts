/**
 * Leak crawl over the real build, part 3: the anonymous visitor. One crawl, two checks: no on-prem
 * text or address, and nothing but the login screen and public files.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crawl, gate, leakCheck, loginHtml, publicBodies } from './leak-crawl-fixtures.ts';

test('an anonymous visitor crawls the whole build', async (t) => {
  const app = await gate(t, null);
  const leaks: string[] = [];
  const problems: string[] = [];
  const leak = leakCheck(leaks);
  await crawl(app, (url, status, body, headers) => {
    leak(url, status, body, headers);
    if (status === 0 || (status >= 300 && status < 400)) return; // nothing, or a redirect without content
    if (body === loginHtml) return; // the login screen, 401 or at /Login/
    if (status === 200 && publicBodies.has(body)) return;
    if (status >= 400 && /^\{"error":"[\w ]+","message":"[^"]*"(,"statusCode":\d+)?\}$/.test(body)) return;
    // Search answers in Algolia's error shape: a message and the status, nothing searched.
    if (status === 401 && url.startsWith('search ') && /^\{"message":"[^"]*","status":401\}\n/.test(body)) return;
    problems.push(`${url} → ${status} ${body.slice(0, 60)}`);
  });

  await t.test(
    'ROLE-05 no on-prem text or address reaches an anonymous visitor, in any spelling of any path or through search',
    () => {
      assert.deepEqual(leaks.slice(0, 20), []);
    },
  );
  await t.test('AUTH-01 an anonymous visitor gets nothing but the login screen and its assets', () => {
    assert.deepEqual(problems.slice(0, 20), []);
  });
});
