import assert from 'node:assert/strict';
import { test } from 'node:test';
import { askError, askTheDocs, failureMessage, isAskError, sseParser } from '../ask-client';

/** A fetch that answers with `body` cut into `pieces` (as a network delivers it), recording the request. */
function fakeFetch(body: string, init: ResponseInit & { pieces?: number } = {}) {
  const requests: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, request: RequestInit) => {
    requests.push({ url, init: request });
    const bytes = new TextEncoder().encode(body);
    const size = Math.max(1, Math.ceil(bytes.length / (init.pieces ?? 7)));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
        controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init });
  }) as unknown as typeof fetch;
  return { impl, requests };
}

const sse = (...events: unknown[]) =>
  events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
const citations = [{ url: '/studio/deploy/#publish', title: 'Deploy', section: 'Publish' }];

test('the SSE parser joins data lines, ends events at blank lines, ignores comments, whatever the chunking', () => {
  const seen: string[] = [];
  const feed = sseParser((data) => seen.push(data));
  for (const piece of [': keep-alive\r\n\r\nda', 'ta: one\ndata:two\r', '\n\r\nevent: x\ndata: three\n', '\n'])
    feed(piece);
  assert.deepEqual(seen, ['one\ntwo', 'three']);
});

test('askTheDocs streams deltas in order and resolves with the answer, its citations and mode', async () => {
  const { impl, requests } = fakeFetch(
    sse(
      { type: 'delta', text: 'Publish from ' },
      { type: 'delta', text: 'Studio [1].' },
      { type: 'done', citations, mode: 'extractive' },
    ),
  );
  const deltas: string[] = [];
  const answer = await askTheDocs({
    url: '/docs/api/ask',
    question: 'How do I publish?',
    history: [{ question: 'What is a solution?', answer: 'A solution is…' }],
    onDelta: (text) => deltas.push(text),
    fetchImpl: impl,
  });
  assert.deepEqual(deltas, ['Publish from ', 'Studio [1].']);
  assert.deepEqual(answer, { answer: 'Publish from Studio [1].', citations, mode: 'extractive' });
  const [request] = requests;
  assert.ok(request);
  assert.equal(request.url, '/docs/api/ask');
  assert.equal(request.init.method, 'POST');
  assert.equal((request.init.headers as Record<string, string>).accept, 'text/event-stream');
  assert.deepEqual(JSON.parse(request.init.body as string), {
    question: 'How do I publish?',
    history: [{ question: 'What is a solution?', answer: 'A solution is…' }],
  });
});

test('a JSON answer is understood; an answer without citations resolves with none', async () => {
  const body = JSON.stringify({
    answer: 'The docs you can read do not answer this.',
    citations: [],
    mode: 'extractive',
  });
  const { impl } = fakeFetch(body, { headers: { 'content-type': 'application/json' } });
  const answer = await askTheDocs({ url: '/api/ask', question: 'q', history: [], onDelta: () => {}, fetchImpl: impl });
  assert.deepEqual(answer.citations, []);
});

test('failures: 429 with Retry-After, 503, 401, a network error, a stream cut before done', async () => {
  const kinds: [string, number | null][] = [];
  const attempt = async (fetchImpl: typeof fetch) => {
    try {
      await askTheDocs({ url: '/api/ask', question: 'q', history: [], onDelta: () => {}, fetchImpl });
      kinds.push(['ok', null]);
    } catch (error) {
      assert.ok(isAskError(error));
      kinds.push([error.kind, error.retryAfter]);
    }
  };
  await attempt(fakeFetch('', { status: 429, headers: { 'retry-after': '30' } }).impl);
  await attempt(fakeFetch('', { status: 503 }).impl);
  await attempt(fakeFetch('', { status: 401 }).impl);
  await attempt((async () => {
    throw new TypeError('Failed to fetch');
  }) as unknown as typeof fetch);
  await attempt(fakeFetch(sse({ type: 'delta', text: 'Half an ans' })).impl);
  await attempt(
    fakeFetch(sse({ type: 'delta', text: 'Half' }, { type: 'error', error: 'GATE_ERR_BUSY', message: '…' })).impl,
  );
  assert.deepEqual(kinds, [
    ['rate-limited', 30],
    ['unavailable', null],
    ['signed-out', null],
    ['network', null],
    ['network', null],
    ['unavailable', null],
  ]);
  assert.match(failureMessage(askError('rate-limited', 30)), /Wait 30 seconds, then retry/);
  assert.match(failureMessage(askError('network')), /could not be reached/);
});
