import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  httpRequester,
  json,
  loadPortalClient,
  NO_HITS,
  type Requester,
  type SentRequest,
  searchHost,
} from './portal-client';

/**
 * The search client's wire protocol (seed §7, §9: SVC-02 to SVC-05), through the portal's own
 * composition (src/search/lite-client.ts) of Algolia's browser build, against local search hosts.
 */
type Client = Awaited<ReturnType<typeof loadPortalClient>>;
type Host = Awaited<ReturnType<typeof searchHost>>;

let portal: Host;
let client: Client;
const hosts: Host[] = [];
const query = (text: string) => ({ requests: [{ indexName: 'tala-docs', query: text }] });
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => assert.fail('the search succeeded'),
    (error: Error & { status?: number }) => error,
  );

before(async () => {
  portal = await searchHost(() => NO_HITS);
  client = await loadPortalClient(portal.host);
});
after(() => Promise.all([portal, ...hosts].map((host) => host.close())));

async function host(answer: Parameters<typeof searchHost>[0]) {
  const started = await searchHost(answer);
  hosts.push(started);
  return started;
}

/** A port nothing listens on any more. */
async function refusedOrigin() {
  const closed = await searchHost(() => NO_HITS);
  await closed.close();
  return closed.origin;
}

test('SVC-02 credentials travel as query parameters (application id, key), never as headers, to the portal and to Algolia hosts', async () => {
  const algolia = await host(() => NO_HITS);
  for (const [target, credentials] of [
    [portal, { apiKey: 'portal-session', hosts: null }],
    [algolia, { apiKey: 'secured-key-of-the-reader', hosts: [algolia.origin] }],
  ] as const) {
    await client.signIn(credentials);
    await client.readerLiteSearch({ requester: httpRequester([]) })(query('flows'));
    const received = target.received.at(-1);
    assert.ok(received);
    assert.equal(received.url.pathname, '/1/indexes/*/queries');
    assert.equal(received.url.searchParams.get('x-algolia-application-id'), 'TALADOCS');
    assert.equal(received.url.searchParams.get('x-algolia-api-key'), credentials.apiKey);
    assert.match(received.url.searchParams.get('x-algolia-agent') ?? '', /Lite \(5[.\d]+\); Browser/);
    assert.deepEqual(
      Object.keys(received.headers).filter((name) => name.startsWith('x-algolia')),
      [],
    );
    assert.equal(received.headers['content-type'], 'text/plain');
    assert.deepEqual(JSON.parse(received.body), query('flows'));
  }
});

test('SVC-03 an API error carries the status and message of the answer, and is not retried on another host', async () => {
  const refusing = await host(() => json(400, { message: 'Unknown parameter: hitsPerPag', status: 400 }));
  const spare = await host(() => NO_HITS);
  await client.signIn({ apiKey: 'k', hosts: [refusing.origin, spare.origin] });
  const error = await errorOf(client.readerLiteSearch({ requester: httpRequester([]) })(query('api error')));
  assert.equal(error.name, 'ApiError');
  assert.equal(error.status, 400);
  assert.equal(error.message, 'Unknown parameter: hitsPerPag');
  assert.equal(refusing.received.length, 1);
  assert.equal(spare.received.length, 0);
});

test('SVC-03 an answer that is not JSON is a DeserializationError', async () => {
  const garbled = await host(() => ({ status: 200, body: '<html>proxy login</html>' }));
  await client.signIn({ apiKey: 'k', hosts: [garbled.origin] });
  const error = await errorOf(client.readerLiteSearch({ requester: httpRequester([]) })(query('garbled')));
  assert.equal(error.name, 'DeserializationError');
});

test('SVC-03 when no host answers, a RetryError ("Unreachable hosts") after each host was tried once', async () => {
  const sent: SentRequest[] = [];
  await client.signIn({ apiKey: 'k', hosts: [await refusedOrigin(), await refusedOrigin()] });
  const error = await errorOf(client.readerLiteSearch({ requester: httpRequester(sent) })(query('unreachable')));
  assert.equal(error.name, 'RetryError');
  assert.match(error.message, /^Unreachable hosts/);
  assert.equal(new Set(sent.map((request) => new URL(request.url).host)).size, 2);
  assert.equal(sent.length, 2);
});

test('SVC-03 a missing appId or apiKey is reported when the client is made', () => {
  assert.throws(() => client.liteClient('', 'key'), /`appId` is missing/);
  assert.throws(() => client.liteClient('TALADOCS', ''), /`apiKey` is missing/);
});

test('SVC-04 a failed call is retried on the next host: after a 5xx answer, a refused connection, a timeout', async () => {
  const failing = await host(() => json(503, { message: 'overloaded', status: 503 }));
  const good = await host(() => NO_HITS);
  const slow = await host(() => NO_HITS);
  // A host that times out: the requester reports it as the browser's would, at once.
  const timingOut = (sent: SentRequest[]): Requester => ({
    send: (request) => {
      if (new URL(request.url).host !== slow.host) return httpRequester(sent).send(request);
      sent.push(request);
      return Promise.resolve({ status: 0, content: 'Connection timeout', isTimedOut: true });
    },
  });
  for (const first of [failing.origin, await refusedOrigin(), slow.origin]) {
    const sent: SentRequest[] = [];
    await client.signIn({ apiKey: 'k', hosts: [first, good.origin] });
    const answer = await client.readerLiteSearch({ requester: timingOut(sent) })(query(first));
    assert.deepEqual(answer, JSON.parse(NO_HITS.body));
    assert.deepEqual(
      sent.map((request) => new URL(request.url).origin),
      [first, good.origin],
    );
  }
});

test('SVC-04 not as the seed: algoliasearch 5.64 does not keep a host marked down for 2 minutes; the next search tries it first again', async () => {
  // The transporter stores the host's state under the stateful host object and looks it up under
  // the plain one (client-common createTransporter), so the "down" mark is never found.
  const failing = await host(() => json(503, { message: 'overloaded', status: 503 }));
  const good = await host(() => NO_HITS);
  const sent: SentRequest[] = [];
  await client.signIn({ apiKey: 'k', hosts: [failing.origin, good.origin] });
  const search = client.readerLiteSearch({ requester: httpRequester(sent) });
  await search(query('first'));
  await search(query('second'));
  assert.deepEqual(
    sent.map((request) => new URL(request.url).origin),
    [failing.origin, good.origin, failing.origin, good.origin],
  );
});

test('SVC-05 client timeouts: Algolia hosts connect 1 s, read 2 s, write 30 s; the portal host connect 5 s, read 10 s', async () => {
  const sent: SentRequest[] = [];
  const recorder: Requester = {
    send: async (request) => {
      sent.push(request);
      return { status: 200, content: NO_HITS.body, isTimedOut: false };
    },
  };
  const timeouts = () => {
    const request = sent.at(-1);
    return request && [new URL(request.url).host, request.connectTimeout, request.responseTimeout];
  };
  await client.signIn({ apiKey: 'secured', hosts: ['https://talae2e-dsn.algolia.net'] });
  await client.readerLiteSearch({ requester: recorder })(query('read on algolia'));
  assert.deepEqual(timeouts(), ['talae2e-dsn.algolia.net', 1_000, 2_000]);
  // Writes (not used by the portal; the lite client's customPost) go to Algolia's write host.
  await client.liteClient('TALADOCS', 'key', { requester: recorder }).customPost({ path: '1/anything', body: {} });
  assert.deepEqual(timeouts(), ['taladocs.algolia.net', 1_000, 30_000]);
  await client.signIn({ apiKey: 'portal-session', hosts: null });
  await client.readerLiteSearch({ requester: recorder })(query('read on the portal'));
  assert.deepEqual(timeouts(), [portal.host, 5_000, 10_000]);
});
