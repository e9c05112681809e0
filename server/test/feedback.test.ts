import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readEvents, report, summarise, summariseFeedback } from '../src/search/analytics-report.ts';
import { normalisePage, normaliseQuestion, normaliseReason } from '../src/search/feedback.ts';
import { buildGate, READER } from './helper.ts';

/** What a browser sends with a fetch from the portal's own page. */
const SAME_ORIGIN = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

const post = (app: Awaited<ReturnType<typeof buildGate>>, url: string, payload: unknown, headers = SAME_ORIGIN) =>
  app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });

/** Every key anywhere in a parsed log line. */
const keysOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]) : [];

const logged = (lines: string[], msg: string) => lines.map((line) => JSON.parse(line)).filter((e) => e.msg === msg);

test('POST /api/ask-feedback logs the question, the verdict and the reason on one line, without the reader', async (t) => {
  const logLines: string[] = [];
  const app = await buildGate(t, { identity: READER, logLines });
  const ok = [
    { question: '  How do I  ROLL back a publish? ', verdict: 'down', reason: 'It cites\nthe wrong\tpage' },
    { question: 'What is a flow?', verdict: 'up' },
    // The reason of an unanswered question is dropped: the panel sends none, and nothing else may ride along.
    { question: 'Where is the coffee machine?', verdict: 'unanswered', reason: 'ignored' },
    // Anything else a beacon carries is removed by the schema, never logged.
    { question: 'What is a flow?', verdict: 'up', user: 'ada' },
  ];
  for (const body of ok) assert.equal((await post(app, '/api/ask-feedback', body)).statusCode, 204);
  const events = logged(logLines, 'ask feedback');
  assert.deepEqual(
    events.map((e) => e.askFeedback),
    [
      { question: 'how do i roll back a publish?', verdict: 'down', reason: 'It cites the wrong page' },
      { question: 'what is a flow?', verdict: 'up' },
      { question: 'where is the coffee machine?', verdict: 'unanswered' },
      { question: 'what is a flow?', verdict: 'up' },
    ],
  );
  for (const event of events) {
    const keys = keysOf(event);
    for (const personal of ['req', 'reqId', 'remoteAddress', 'ip', 'sid', 'session', 'user', 'name', 'roles'])
      assert.ok(!keys.includes(personal), `${personal} in ${JSON.stringify(event)}`);
    assert.ok(!JSON.stringify(event).includes(READER.name as string));
  }
  // As a logged value (quoted): a request id or hash may hold the letters "ada" by chance.
  assert.ok(!logLines.some((line) => line.includes('"ada"')));
});

test('the feedback beacons refuse anonymous, cross-site, malformed and oversized requests', async (t) => {
  const logLines: string[] = [];
  const app = await buildGate(t, { identity: READER, logLines });
  const anonymous = await buildGate(t, { identity: null });
  const question = { question: 'What is a flow?', verdict: 'up' };
  const page = { page: '/studio/build/flows/', helpful: true };
  for (const [url, body] of [
    ['/api/ask-feedback', question],
    ['/api/page-feedback', page],
  ] as const) {
    assert.equal((await post(anonymous, url, body)).statusCode, 401, url);
    assert.equal((await post(app, url, body, { ...SAME_ORIGIN, 'sec-fetch-site': 'cross-site' })).statusCode, 403);
    assert.equal(
      (await post(app, url, body, { 'content-type': 'application/json', origin: 'https://evil.example' } as never))
        .statusCode,
      403,
    );
    // Neither header: not a browser's fetch from the portal.
    assert.equal((await post(app, url, body, { 'content-type': 'application/json' } as never)).statusCode, 403);
    assert.equal((await post(app, url, { ...body, reason: 'x'.repeat(5000) })).statusCode, 413);
  }
  assert.equal((await post(app, '/api/ask-feedback', { question: 'q', verdict: 'meh' })).statusCode, 400);
  assert.equal((await post(app, '/api/ask-feedback', { question: '', verdict: 'up' })).statusCode, 400);
  assert.equal(
    (await post(app, '/api/page-feedback', { page: 'https://evil.example/', helpful: true })).statusCode,
    400,
  );
  assert.equal((await post(app, '/api/page-feedback', { page: '/x/', helpful: 'yes' })).statusCode, 400);
  assert.deepEqual(logged(logLines, 'ask feedback'), []);
  assert.deepEqual(logged(logLines, 'page feedback'), []);
});

test('POST /api/page-feedback logs the page path (no query or fragment), yes or no, and the reason', async (t) => {
  const logLines: string[] = [];
  const app = await buildGate(t, { identity: READER, logLines });
  const bodies = [
    { page: '/studio/build/flows/?q=secret#create-a-flow', helpful: false, reason: 'No example of a transition' },
    { page: '/studio/build/flows/', helpful: true, reason: '   ' },
  ];
  for (const body of bodies) assert.equal((await post(app, '/api/page-feedback', body)).statusCode, 204);
  assert.deepEqual(
    logged(logLines, 'page feedback').map((e) => e.pageFeedback),
    [
      { page: '/studio/build/flows/', helpful: false, reason: 'No example of a transition' },
      { page: '/studio/build/flows/', helpful: true },
    ],
  );
});

test('the feedback beacons are rate-limited per reader', async (t) => {
  const app = await buildGate(t, { identity: READER });
  const codes: number[] = [];
  for (let i = 0; i < 32; i++)
    codes.push((await post(app, '/api/page-feedback', { page: '/studio/', helpful: true })).statusCode);
  assert.deepEqual(codes.slice(0, 30), Array(30).fill(204));
  assert.equal(codes.at(-1), 429);
});

test('normalising: questions compare case- and space-insensitively, reasons stay on one line, pages are paths', () => {
  assert.equal(normaliseQuestion(' Ｗhat IS\ta  flow? '), 'what is a flow?');
  assert.equal(normaliseReason('one\r\ntwo\u0000three\u202Efour'), 'one two three four');
  assert.equal(normaliseReason(undefined), '');
  assert.equal(normalisePage('/docs/studio/index.html?x=1'), '/docs/studio/');
  assert.equal(normalisePage('//evil.example/'), null);
  assert.equal(normalisePage('studio/'), null);
});

test('search:report: questions answered with nothing, thumbs-down answers with reasons, page helpfulness', async () => {
  const at = (seconds: number) => 1_764_000_000_000 + seconds * 1000;
  const log = [
    { time: at(0), msg: 'search', search: { query: 'publish', hits: 42 } },
    {
      time: at(1),
      msg: 'ask feedback',
      askFeedback: { question: 'can i export sessions to s3?', verdict: 'unanswered' },
    },
    { time: at(2), msg: 'ask feedback', askFeedback: { question: 'where is the coffee?', verdict: 'unanswered' } },
    {
      time: at(3),
      msg: 'ask feedback',
      askFeedback: { question: 'can i export sessions to s3?', verdict: 'unanswered' },
    },
    {
      time: at(4),
      msg: 'ask feedback',
      askFeedback: { question: 'how do i roll back?', verdict: 'down', reason: 'cites the wrong page' },
    },
    { time: at(5), msg: 'ask feedback', askFeedback: { question: 'how do i roll back?', verdict: 'down' } },
    { time: at(6), msg: 'ask feedback', askFeedback: { question: 'what is a flow?', verdict: 'up' } },
    { time: at(7), msg: 'page feedback', pageFeedback: { page: '/studio/', helpful: true } },
    { time: at(8), msg: 'page feedback', pageFeedback: { page: '/engine/', helpful: false, reason: 'no example' } },
    { time: at(9), msg: 'page feedback', pageFeedback: { page: '/engine/', helpful: false } },
    // Older than the week before the newest event: not counted.
    { time: at(-8 * 86_400), msg: 'page feedback', pageFeedback: { page: '/old/', helpful: false } },
  ].map((entry) => JSON.stringify(entry));
  async function* source() {
    yield* [...log, 'not json', '{"msg":"ask feedback"}'];
  }
  const events = await readEvents(source());
  const feedback = summariseFeedback(events, 7);
  assert.deepEqual(feedback.unanswered, [
    { question: 'can i export sessions to s3?', count: 2 },
    { question: 'where is the coffee?', count: 1 },
  ]);
  assert.deepEqual(feedback.thumbsDown, [
    { question: 'how do i roll back?', count: 2, reasons: ['cites the wrong page'] },
  ]);
  assert.equal(feedback.thumbsUp, 1);
  assert.deepEqual(feedback.pages, [
    { page: '/engine/', yes: 0, no: 2, reasons: ['no: no example'] },
    { page: '/studio/', yes: 1, no: 0, reasons: [] },
  ]);
  // The feedback lines are not searches.
  assert.deepEqual(
    summarise(events, 7).map((s) => [s.query, s.searches]),
    [['publish', 1]],
  );
  const text = report(summarise(events, 7), null, { days: 7 }, feedback);
  assert.match(text, /answered with nothing[^\n]*\n\s+2\s+can i export sessions to s3\?\n\s+1\s+where is the coffee\?/);
  assert.match(
    text,
    /unhelpful \(1 marked helpful\)[^\n]*\n {2}2 {2}how do i roll back\?\n {6}"cites the wrong page"\n/,
  );
  assert.match(
    text,
    /Was this page helpful\?[^\n]*\n\s+\/engine\/\s+0 yes\s+2 no\n\s+"no: no example"\n\s+\/studio\/\s+1 yes\s+0 no/,
  );
  assert.doesNotMatch(text, /\/old\//);
});
