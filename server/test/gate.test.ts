import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildGate, ONPREM_ADMIN, READER, UNLISTED } from './helper.ts';

test('SITE-06 a signed-in reader gets the home page with private, no-store caching', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject('/');
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /Home page/);
  assert.equal(res.headers['cache-control'], 'private, no-store');
  assert.match(String(res.headers['content-type']), /text\/html/);
});

test('AUTH-01 an anonymous visitor gets the login screen with 401 for any page, at the URL asked for', async (t) => {
  const app = await buildGate(t, { identity: null });
  for (const url of ['/', '/studio/build/', '/on-prem/overview/', '/no/such/page/']) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 401, url);
    assert.match(res.body, /<h1>Documentation<\/h1>/, url);
    assert.doesNotMatch(res.body, /ONPREM-SECRET|Build a solution/, url);
    assert.equal(res.headers['cache-control'], 'private, no-store');
  }
});

test('AUTH-01 an anonymous visitor gets a bare 401 for assets, never a redirect', async (t) => {
  const app = await buildGate(t, { identity: null });
  for (const url of [
    '/assets/js/doc.89abcdef.js',
    '/assets/js/onprem.fedcba98.js',
    '/sitemap.xml',
    '/assets/js/nope.js',
  ]) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 401, url);
    assert.equal(res.headers.location, undefined);
    assert.equal(res.json().error, 'GATE_ERR_UNAUTHENTICATED');
  }
});

test('the login screen and its public assets are served to anonymous visitors', async (t) => {
  const app = await buildGate(t, { identity: null });
  const login = await app.inject('/Login/');
  assert.equal(login.statusCode, 200);
  const main = await app.inject('/assets/js/main.0123abcd.js');
  assert.equal(main.statusCode, 200);
  assert.equal(main.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal((await app.inject('/img/logo.svg')).statusCode, 200);
});

test('ROLE-03 a reader without the role is redirected from on-prem pages to /403/', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject('/on-prem/overview/');
  assert.equal(res.statusCode, 302);
  assert.equal(res.headers.location, '/403/');
  assert.doesNotMatch(res.body, /ONPREM-SECRET/);
});

test('ROLE-05 a reader without the role gets 403 for on-prem assets', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject('/assets/js/onprem.fedcba98.js');
  assert.equal(res.statusCode, 403);
  assert.doesNotMatch(res.body, /ONPREM-SECRET/);
});

test('ROLE-03 an on-prem admin reads on-prem pages and assets', async (t) => {
  const app = await buildGate(t, { identity: ONPREM_ADMIN });
  assert.match((await app.inject('/on-prem/overview/')).body, /ONPREM-SECRET/);
  assert.equal((await app.inject('/assets/js/onprem.fedcba98.js')).statusCode, 200);
});

test('ROLE-05 path variants of an on-prem page are normalised before the check', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const variants = [
    '/ON-PREM/overview/',
    '/on-prem//overview/',
    '/studio/../on-prem/overview/',
    '/on-prem/./overview/',
    '/%6fn-prem/overview/',
    '/on-prem%2foverview/',
    '/on-prem/overview',
    '/on-prem/overview/index.html',
    '/on-prem/overview.html',
    '/on-prem\\overview/',
    '/assets/js/../../on-prem/overview/index.html',
  ];
  for (const url of variants) {
    const res = await app.inject(url);
    assert.ok([302, 403].includes(res.statusCode), `${url} answered ${res.statusCode}`);
    if (res.statusCode === 302) assert.equal(res.headers.location, '/403/', url);
    assert.doesNotMatch(res.body, /ONPREM-SECRET/, url);
  }
  const asset = await app.inject('/ASSETS/js/ONPREM.fedcba98.js');
  assert.equal(asset.statusCode, 403);
});

test('SITE-04 .html and /index.html paths redirect (301) to the clean path, keeping the query', async (t) => {
  const app = await buildGate(t, { identity: READER });
  for (const [url, location] of [
    ['/studio/build/index.html', '/studio/build/'],
    ['/studio/build.html?x=1', '/studio/build/?x=1'],
    ['/studio/build', '/studio/build/'],
    ['/index.html', '/'],
    ['/Studio//Build/', '/studio/build/'],
  ]) {
    const res = await app.inject(url as string);
    assert.equal(res.statusCode, 301, url);
    assert.equal(res.headers.location, location, url);
  }
});

test('SITE-05 an unknown page gets the not-found page with status 404', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject('/no/such/page/');
  assert.equal(res.statusCode, 404);
  assert.match(res.body, /Page Not Found/);
  const asset = await app.inject('/assets/js/missing.12345678.js');
  assert.equal(asset.statusCode, 404);
  assert.equal(asset.json().error, 'GATE_ERR_NOT_FOUND');
});

test('SITE-09 seed category paths marked alias= redirect (301) to the on-prem category', async (t) => {
  const app = await buildGate(t, { identity: ONPREM_ADMIN });
  const res = await app.inject('/category/common/');
  assert.equal(res.statusCode, 301);
  assert.equal(res.headers.location, '/on-prem/category/common/');
  assert.equal((await app.inject('/category/common')).headers.location, '/on-prem/category/common/');
});

test('a file on disk that the manifest does not list is never served', async (t) => {
  const app = await buildGate(t, { identity: ONPREM_ADMIN });
  assert.equal((await app.inject(`/${UNLISTED}`)).statusCode, 404);
  assert.equal((await app.inject('/.access-manifest.json')).statusCode, 404);
});

test('malformed paths get a clear 400, never a crash', async (t) => {
  const app = await buildGate(t, { identity: READER });
  for (const url of ['/%E0%A4%A/', '/studio/%00/', '/%']) {
    const res = await app.inject(url);
    assert.equal(res.statusCode, 400, url);
    assert.doesNotMatch(res.body, /at \w+ \(/, 'no stack trace');
  }
});

test('precompressed files are served to clients that accept them', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-encoding'], 'gzip');
  assert.match(String(res.headers.vary), /accept-encoding/i);
});

test('non-GET methods on pages are refused without a stack trace', async (t) => {
  const app = await buildGate(t, { identity: READER });
  for (const method of ['POST', 'PUT', 'DELETE'] as const) {
    const res = await app.inject({ method, url: '/studio/build/', payload: 'x' });
    assert.equal(res.statusCode, 404, method);
    assert.deepEqual(res.json(), { error: 'GATE_ERR_NOT_FOUND', message: 'Not found.' });
    assert.doesNotMatch(res.body, /\bat \/|node_modules|\.ts:\d+/, 'no stack trace, no source path');
  }
});

test('gated hashed assets are stored but revalidated on every use, and a 304 needs the access a 200 does', async (t) => {
  const reader = await buildGate(t, { identity: READER });
  const first = await reader.inject('/assets/js/doc.89abcdef.js');
  assert.equal(first.statusCode, 200);
  assert.equal(first.headers['cache-control'], 'private, no-cache');
  const etag = String(first.headers.etag);
  assert.match(etag, /^W\/"/);

  const again = await reader.inject({ url: '/assets/js/doc.89abcdef.js', headers: { 'if-none-match': etag } });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
  assert.equal(again.headers['cache-control'], 'private, no-cache');

  // With a stored ETag, a reader without the role still gets 403 and a visitor without a session 401:
  // the gate decides before any ETag is compared.
  const admin = await buildGate(t, { identity: ONPREM_ADMIN });
  const onprem = await admin.inject('/assets/js/onprem.fedcba98.js');
  assert.equal(onprem.headers['cache-control'], 'private, no-cache');
  const revalidate = { 'if-none-match': String(onprem.headers.etag) };
  const denied = await reader.inject({ url: '/assets/js/onprem.fedcba98.js', headers: revalidate });
  assert.equal(denied.statusCode, 403);
  assert.doesNotMatch(denied.body, /ONPREM-SECRET/);
  const anonymous = await buildGate(t, { identity: null });
  assert.equal(
    (await anonymous.inject({ url: '/assets/js/doc.89abcdef.js', headers: { 'if-none-match': etag } })).statusCode,
    401,
  );

  // Pages, Markdown, the sitemap and unhashed files stay unstored.
  for (const url of ['/studio/build/', '/studio/build/index.md', '/sitemap.xml', '/llms.txt']) {
    assert.equal((await reader.inject(url)).headers['cache-control'], 'private, no-store', url);
  }
});
