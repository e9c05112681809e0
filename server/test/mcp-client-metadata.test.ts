/**
 * Client ID Metadata Documents (MCP 2026-07-28): the portal fetches a client's document
 * from the URL that is its client_id, and nothing else — no private address, no redirect, nothing
 * large or slow, each URL at most once per lifetime.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CLIENT_METADATA_LIMITS,
  ClientMetadataError,
  ClientMetadataResolver,
  isClientMetadataUrl,
  isFetchableAddress,
} from '../src/mcp/client-metadata.ts';
import { clientDocument, startDocumentServer } from './client-document-server.ts';

const refused = (pattern: RegExp) => (error: unknown) =>
  error instanceof ClientMetadataError && pattern.test(error.message);

test('MCP26-CIMD only public unicast addresses are fetchable; loopback only when allowed', () => {
  const never = [
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    'fe80::1',
    'fc00::1',
    '::',
    '::ffff:10.0.0.1',
    'not an address',
  ];
  for (const address of never) {
    assert.equal(isFetchableAddress(address, true), false, address);
  }
  for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
    assert.equal(isFetchableAddress(address, false), false, `${address} in production`);
    assert.equal(isFetchableAddress(address, true), true, `${address} in development`);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::6810:84e5']) {
    assert.equal(isFetchableAddress(address, false), true, address);
  }
  assert.equal(isClientMetadataUrl('https://assistant.example/client.json'), true);
  assert.equal(isClientMetadataUrl('https://assistant.example/'), false, 'a path is required');
  assert.equal(isClientMetadataUrl('http://assistant.example/client.json'), false, 'https only');
  assert.equal(isClientMetadataUrl('3f2a9c'), false, 'a registered client id');
});

test('MCP26-CIMD a document on loopback is fetched in development, once for its lifetime, and checked', async (t) => {
  const server = await startDocumentServer(t);
  const url = `${server.origin}/assistant.json`;
  server.serve('/assistant.json', {
    body: clientDocument(url),
    headers: { 'cache-control': 'public, max-age=600' },
  });
  const resolver = new ClientMetadataResolver({ allowLoopback: true, agent: server.agent });
  const [first, second] = await Promise.all([resolver.resolve(url), resolver.resolve(url)]);
  assert.deepEqual(first, {
    clientId: url,
    clientName: 'Docs Assistant 2026',
    redirectUris: ['http://127.0.0.1:53682/callback'],
  });
  assert.deepEqual(second, first);
  await resolver.resolve(url);
  assert.equal(server.hits.get('/assistant.json'), 1, 'fetched once, then cached');

  const production = new ClientMetadataResolver({ allowLoopback: false, agent: server.agent });
  await assert.rejects(production.resolve(url), refused(/address the portal does not fetch from/));
  const literal = `https://127.0.0.1:${server.port}/assistant.json`;
  await assert.rejects(production.resolve(literal), refused(/address the portal does not fetch from/));
  assert.equal(server.hits.get('/assistant.json'), 1, 'production never connected to loopback');
});

test('MCP26-CIMD redirects, large, non-JSON, mismatched and secret-holding documents are refused', async (t) => {
  const server = await startDocumentServer(t);
  const resolver = new ClientMetadataResolver({ allowLoopback: true, agent: server.agent });
  const at = (pathname: string) => `${server.origin}${pathname}`;
  server.serve('/moved.json', { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
  server.serve('/large.json', {
    body: clientDocument(at('/large.json'), { logo_uri: `https://x.example/${'a'.repeat(6000)}` }),
  });
  server.serve('/chunked.json', {
    headers: { 'transfer-encoding': 'chunked' },
    body: clientDocument(at('/chunked.json'), { client_uri: `https://x.example/${'b'.repeat(6000)}` }),
  });
  server.serve('/page.json', { headers: { 'content-type': 'text/html' }, body: '<html></html>' });
  server.serve('/other.json', { body: clientDocument('https://other.example/client.json') });
  server.serve('/secret.json', {
    body: clientDocument(at('/secret.json'), { token_endpoint_auth_method: 'client_secret_post' }),
  });
  server.serve('/no-name.json', { body: JSON.stringify({ client_id: at('/no-name.json'), redirect_uris: [] }) });
  server.serve('/gone.json', { status: 404 });
  const cases: [string, RegExp][] = [
    ['/moved.json', /redirects are not followed/],
    ['/large.json', /larger than 5120 bytes/],
    ['/chunked.json', /larger than 5120 bytes/],
    ['/page.json', /must be application\/json/],
    ['/other.json', /must be its own URL/],
    ['/secret.json', /token_endpoint_auth_method none/],
    ['/no-name.json', /invalid: (client_name|redirect_uris)/],
    ['/gone.json', /answered 404/],
  ];
  for (const [pathname, why] of cases) {
    await assert.rejects(resolver.resolve(at(pathname)), refused(why), pathname);
  }
  // A refusal is remembered too: asking again does not fetch again.
  await assert.rejects(resolver.resolve(at('/gone.json')), refused(/answered 404/));
  assert.equal(server.hits.get('/gone.json'), 1);
  assert.ok(CLIENT_METADATA_LIMITS.failureTtlSeconds >= 60);
});

test('MCP26-CIMD a server that does not answer is given up after the time limit', async (t) => {
  const server = await startDocumentServer(t);
  server.serve('/slow.json', { hang: true });
  const resolver = new ClientMetadataResolver({ allowLoopback: true, agent: server.agent });
  // The server never answers: only the resolver's own time limit can end this.
  await assert.rejects(resolver.resolve(`${server.origin}/slow.json`), refused(/could not be fetched/));
  assert.equal(server.hits.get('/slow.json'), 1);
});
