/**
 * The Markdown of pages and the llms.txt files go through the same gate as the pages:
 * same levels, same path model, and the llms pair of the reader's level.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGate, ONPREM_ADMIN, READER } from './helper.ts';

test("a reader gets a page's Markdown at index.md and at the .md alias, as text/markdown", async (t) => {
  const app = await buildGate(t, { identity: READER });
  for (const url of ['/studio/build/index.md', '/studio/build.md']) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 200, url);
    assert.equal(res.headers['content-type'], 'text/markdown; charset=utf-8', url);
    assert.equal(res.headers['cache-control'], 'private, no-store', url);
    assert.equal(res.body, '# Build a solution\n', url);
  }
});

test('another spelling of a Markdown address redirects to its canonical one', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject('/Studio/Build.MD?x=1');
  assert.equal(res.statusCode, 301);
  assert.equal(res.headers.location, '/studio/build.md?x=1');
});

test('ROLE-05 the Markdown of an on-prem page is on-prem: 401 anonymous, 403 reader, 200 admin', async (t) => {
  for (const [identity, status] of [
    [null, 401],
    [READER, 403],
    [ONPREM_ADMIN, 200],
  ] as const) {
    const app = await buildGate(t, { identity });
    for (const url of ['/on-prem/overview/index.md', '/on-prem/overview.md', '/ON-PREM/overview.md']) {
      const res = await app.inject(url);
      // Access is decided before the spelling: only the admin is redirected to the canonical one.
      const expected = status === 200 && url.startsWith('/ON-PREM') ? 301 : status;
      assert.equal(res.statusCode, expected, `${url} as ${identity?.name ?? 'anonymous'}`);
      if (expected !== 200) assert.doesNotMatch(res.body, /ONPREM-SECRET/);
      // A denied Markdown file is an asset: a bare error, never the login screen or a redirect.
      if (status !== 200) assert.equal(res.headers.location, undefined);
    }
  }
});

test('ROLE-05 /llms.txt is the reader version for a reader and the on-prem version for an on-prem reader', async (t) => {
  const reader = await (await buildGate(t, { identity: READER })).inject('/llms.txt');
  assert.equal(reader.statusCode, 200);
  assert.match(reader.body, /Build a solution/);
  assert.doesNotMatch(reader.body, /ONPREM-SECRET|On-premises/);
  assert.equal(reader.headers['cache-control'], 'private, no-store');

  const admin = await (await buildGate(t, { identity: ONPREM_ADMIN })).inject('/llms.txt');
  assert.equal(admin.statusCode, 200);
  assert.match(admin.body, /## On-premises[\s\S]*ONPREM-SECRET/);
  assert.equal(admin.headers['cache-control'], 'private, no-store');

  const direct = await (await buildGate(t, { identity: READER })).inject('/on-prem/llms.txt');
  assert.equal(direct.statusCode, 403, 'the on-prem version itself stays on-prem');
  assert.doesNotMatch(direct.body, /ONPREM-SECRET/);
});

test('AUTH-01 /llms.txt needs a signed-in reader: 401 without a session', async (t) => {
  const app = await buildGate(t, { identity: null });
  for (const url of ['/llms.txt', '/LLMS.TXT', '/studio/build.md']) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 401, url);
    assert.equal(res.json().error, 'GATE_ERR_UNAUTHENTICATED', url);
  }
});
