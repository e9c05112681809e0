import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { APIS } from '../../openapi/scripts/merge.ts';
import { fits, loadApiSpecs, type Operation, operationFitting } from '../api/operations.ts';
import remarkOperationLinks from '../api/remark-operation-links.ts';
import { checkExamples, formatFindings } from '../check.ts';

/** API calls as code: every call a page shows is an operation of the specs, with a valid body and response. */

const siteDir = path.resolve(import.meta.dirname, '../..');

function check(markdown: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tala-calls-')), 'page.md');
  writeFileSync(file, markdown);
  const report = checkExamples(siteDir, { pages: [file], specs: [] });
  const name = path.relative(siteDir, file);
  return {
    lines: formatFindings(report.findings)
      .split('\n')
      .filter(Boolean)
      .map((l) => l.replace(`${name}:`, '')),
    counts: report.counts,
  };
}

test('a call to an operation the specs do not have is reported, with the nearest operation', () => {
  const { lines } = check(
    [
      'Publish with `POST /studio/v8/solutions/{solutionId}/publish`.',
      '',
      '```bash',
      'curl -s -X POST "https://{studio-host}/studio/v8/solutions/{solution-id}/unpublish" \\',
      '  -H "X-Tala-Session: ${TALA_SESSION_ID}"',
      '```',
      '',
      '```http',
      'GET /inquire/v8/tasks/task-8d13f0 HTTP/1.1',
      'Host: {inquire-host}',
      '```',
      '',
    ].join('\n'),
  );
  assert.deepEqual(lines, [
    '1:14 [API call] no operation POST /studio/v8/solutions/{solutionId}/publish in the API specs; the nearest is POST /studio/v8/solutions/{solutionId}/publish-environments/{environment}/publish',
    '4:1 [API call] no operation POST /studio/v8/solutions/{solution-id}/unpublish in the API specs; the nearest is POST /studio/v8/solutions/{solutionId}/publish-environments/{environment}/unpublish',
    '9:1 [API call] no operation GET /inquire/v8/tasks/task-8d13f0 in the API specs; the nearest is GET /inquire/v8/import/tasks/{taskId}',
  ]);
});

test('a body with a property the operation does not have, or a wrong type, is reported; a right one passes', () => {
  const publish = (body: string) =>
    [
      '```bash',
      'curl -s -X POST "https://{studio-host}/studio/v8/solutions/{solution-id}/publish-environments/staging/publish" \\',
      '  -H "X-Tala-Session: ${TALA_SESSION_ID}" -H "Content-Type: application/json" \\',
      `  -d '${body}'`,
      '```',
      '',
    ].join('\n');
  assert.deepEqual(check(publish('{"solutionVersion": 57, "comment": "Release 12"}')).lines, []);
  assert.deepEqual(check(publish('{\n  "version": 57,\n  "regressionRunId": "rr-6d1e90"\n}')).lines, [
    '2:1 [API call] body of publishSolutionToEnvironment: the body has no property version',
    '2:1 [API call] body of publishSolutionToEnvironment: the body has no property regressionRunId',
  ]);
  assert.deepEqual(check(publish('{"solutionVersion": "57"}')).lines, [
    '2:1 [API call] body of publishSolutionToEnvironment: solutionVersion must be integer',
  ]);
  // The words after "not JSON:" are V8's own; the V8 of Node 26 adds "(line 1 column 2)".
  assert.match(
    check(publish('{solutionVersion: 57}')).lines[0]?.replace(/:.*?\[/, ' [') ?? '',
    /^2 \[API call\] the body is not JSON: Expected property name or '\}' in JSON at position 1\b/,
  );
});

test("a response shown right after its call must be one of the operation's responses; another section's JSON is not", () => {
  const page = (response: string, between = '') =>
    [
      '```http',
      'GET /studio/v8/solutions/sol-8c41e2/publish-environments HTTP/1.1',
      'Host: {studio-host}',
      'X-Tala-Session: s-5e0c1f',
      '```',
      '',
      between,
      '```json',
      response,
      '```',
      '',
    ].join('\n');
  const good =
    '{ "items": [{ "environment": "staging", "canPublish": true, "requiresRegressionRun": false, "state": "published" }], "nextCursor": null, "total": 1 }';
  const old = '{ "items": [{ "name": "staging", "status": "published" }], "nextCursor": null, "total": 1 }';
  assert.deepEqual(check(page(good)).lines, []);
  assert.match(
    check(page(old)).lines[0] ?? '',
    /^9:1 \[API response\] not a response of listPublishEnvironmentTargets \(200: items\.0 needs environment/,
  );
  // An error body is a response too (a page may show what a failure looks like).
  assert.deepEqual(
    check(page('{ "error": { "code": "FORBIDDEN", "message": "No access.", "requestId": "req-1" } }')).lines,
    [],
  );
  // A JSON block under another heading is about something else.
  assert.deepEqual(check(page(old, '## Something else\n')).lines, []);
});

test('calls outside the specs are counted, not checked: other hosts, the legacy JSPs, earlier API versions', () => {
  const { lines, counts } = check(
    [
      '```bash',
      'curl -s -X POST "https://login.microsoftonline.com/{tenant-id}/oauth2/v2.0/token" -d @request.txt',
      'curl -s "https://{studio-host}/studio/v8/jsp/solutionList.jsp?sessionId=s-1"',
      '```',
      '',
      'Tala 7 used `GET /studio/v7/auth/session`.',
      '',
    ].join('\n'),
  );
  assert.deepEqual(lines, []);
  assert.equal(counts['call to another host'], 1);
  assert.equal(counts['legacy JSP'], 1);
  assert.equal(counts['call to an earlier API version'], 1);
});

test('ENGINE-01 Engine API calls are checked against its spec by their host: a body field it lacks, a wrong type or an address it does not have is refused', () => {
  const engine = (address: string, body: string) =>
    [
      '```bash',
      `curl -s -X POST "https://{engine-host}/solutions/{solution-id}/production/${address}" \\`,
      '  -H "Content-Type: application/json" \\',
      `  -d '${body}'`,
      '```',
      '',
    ].join('\n');
  const good = check(engine('', '{"userInput": "I want a pizza", "sessionId": "9f2c4e1ab37d4c0e8a51f6d2b9e07c3a"}'));
  assert.deepEqual(good.lines, []);
  assert.equal(good.counts['call to another host'], undefined, 'the engine host is a specified API now');
  assert.match(check(engine('', '{"input": "hi"}')).lines.join('\n'), /body of engineSendInput: .*input/);
  assert.match(check(engine('', '{"userInput": "hi", "parameters": "size=large"}')).lines.join('\n'), /parameters/);
  assert.match(
    check(engine('upload', '{"userInput": "hi"}')).lines.join('\n'),
    /no operation POST \/solutions\/\{solution-id\}\/production\/upload in the API specs; the nearest is POST \/solutions\/\{solutionId\}\/\{environment\}\/uploads/,
  );
  // The same path without the engine's host is not taken for an Engine API call.
  assert.match(
    check('Send it with `POST /solutions/{solutionId}/flows/{flowId}/inputs`.\n').lines.join('\n'),
    /no operation POST \/solutions\/\{solutionId\}\/flows/,
  );
});

test('JSON-01 every JSON block parses; one that names its schema (schema="engine:InputResponse") is checked against it', () => {
  const block = (meta: string, json: string) => ['```json' + meta, json, '```', ''].join('\n');
  assert.match(check(block('', '{ "status": 0, }')).lines.join('\n'), /\[JSON\] not valid JSON/);
  const good = check(block(' schema="engine:Timings"', '{ "inputProcessingMs": 4, "flowMs": 2140 }'));
  assert.deepEqual(good.lines, []);
  assert.equal(good.counts['JSON of a named schema'], 1);
  assert.match(
    check(block(' schema="engine:Timings"', '{ "flowMs": "slow" }')).lines.join('\n'),
    /engine Timings: .*flowMs/,
  );
  assert.match(
    check(block(' schema="engine:Timing"', '{}')).lines.join('\n'),
    /names no schema of the engine API spec/,
  );
  assert.equal(check(block('', '{ "any": "shape" }')).counts['JSON, syntax only'], 1);
  // The components every API shares, by `common:`.
  assert.match(
    check(block(' schema="common:ErrorResponse"', '{ "error": { "code": 5 } }')).lines.join('\n'),
    /common ErrorResponse/,
  );
  assert.match(
    check(block(' schema="common:Nothing"', '{}')).lines.join('\n'),
    /names no schema of specs\/common\.yaml/,
  );
});

test("a `METHOD /path` span in a guide links to its operation's reference page, which exists; Manager and unknown calls stay plain", () => {
  const tree = fromMarkdown(
    'Create with `POST /studio/v8/solutions/{solutionId}/flows`, poll `GET /inquire/v8/tql/queries/{taskId}/result`, ' +
      'not `POST /studio/v8/solutions/import`, and on-prem `GET /manager/v8/users`.',
  );
  remarkOperationLinks()(tree);
  const paragraph = tree.children[0] as { children: { type: string; url?: string; children?: { value: string }[] }[] };
  const links = paragraph.children.filter((c) => c.type === 'link');
  assert.deepEqual(
    links.map((l) => l.children?.[0]?.value),
    ['POST /studio/v8/solutions/{solutionId}/flows', 'GET /inquire/v8/tql/queries/{taskId}/result'],
  );
  for (const link of links) {
    const page = path.join(siteDir, 'docs', `${(link.url as string).replace(/\/$/, '')}.mdx`);
    assert.ok(existsSync(page), `${link.url} is a generated reference page (${page})`);
  }
});

test('a curl of a URL taken from an earlier response names no operation and is not checked; a wrong call beside it is', () => {
  const { lines, counts } = check(
    [
      '```bash',
      'result=$(curl -s "https://{studio-host}/studio/v8/solutions/sol-7f3a9c/tasks/${task_id}/result" \\',
      '  -H "X-Tala-Session: ${TALA_SESSION_ID}")',
      'curl -s -o export.zip "$(echo "${result}" | jq -r .downloadUrl)" -H "X-Tala-Session: ${TALA_SESSION_ID}"',
      'curl -s -o export.zip "${download_url}"',
      'curl -s "https://{studio-host}/studio/v8/solutions/sol-7f3a9c/downloads" -H "X-Tala-Session: ${TALA_SESSION_ID}"',
      '```',
    ].join('\n'),
  );
  assert.equal(counts['curl call'], 2, 'the task result call and the wrong call');
  assert.equal(lines.length, 1, lines.join('\n'));
  assert.match(lines[0] as string, /^6:1 \[API call\] no operation GET \/studio\/v8\/solutions\/sol-7f3a9c\/downloads/);
});

test("a JSON block right after a paragraph naming a call is that call's body or answer: the guide's old evaluation report is refused", () => {
  const { lines, counts } = check(
    [
      'Read the report with `GET /studio/v8/solutions/{solutionId}/intent-model/evaluations/{evaluationId}`:',
      '',
      '```json',
      '{ "evaluationId": "eval-20f4c1", "modelVersion": 23, "classes": [{ "name": "ORDER_PIZZA", "examples": 64 }] }',
      '```',
      '',
      '`POST /inquire/v8/tql/queries` takes the query and the id of the log data source:',
      '',
      '```json',
      '{ "query": "listall s.id from s in sessions", "logDataSourceId": "lds-4e02" }',
      '```',
      '',
      'A paragraph with no call before JSON that is not checked:',
      '',
      '```json',
      '{ "anything": true }',
      '```',
    ].join('\n'),
  );
  assert.equal(counts['response after an inline call'], 1);
  assert.equal(counts['body after an inline call'], 1);
  assert.equal(lines.length, 1, lines.join('\n'));
  assert.match(
    lines[0] as string,
    /^4:1 \[API response\] not a response of getIntentModelEvaluation \(200: the body needs taskId/,
  );
});

test('HDR-01 a call shown with its headers sends the credential of its security scheme: none, or the wrong scheme, is refused', () => {
  const { lines } = check(
    [
      '```bash',
      'curl -s "https://{studio-host}/studio/v8/solutions/sol-7f3a9c/flows"',
      'curl -s "https://{studio-host}/studio/v8/solutions/sol-7f3a9c/flows" -H "Authorization: Bearer ${TOKEN}"',
      'curl -s "https://{studio-host}/studio/v8/solutions/sol-7f3a9c/flows" -H "X-Tala-Session: ${TALA_SESSION_ID}"',
      'curl -s -X POST "https://{studio-host}/studio/v8/auth/login" -H "Content-Type: application/json" --data @login.json',
      '```',
      '',
      '```http',
      'GET /manager/v8/users HTTP/1.1',
      'Host: {manager-host}',
      'X-Tala-Session: s-5e0c1f',
      '```',
      '',
      '```http',
      'GET /manager/v8/users HTTP/1.1',
      'Host: {manager-host}',
      'Authorization: Bearer eyJhbGciOi...',
      '```',
    ].join('\n'),
  );
  assert.deepEqual(lines, [
    '2:1 [API call] listFlows takes the X-Tala-Session header',
    '3:1 [API call] listFlows takes the X-Tala-Session header, not Authorization: Bearer',
    '9:1 [API call] commonListUsers takes Authorization: Bearer, not the X-Tala-Session header',
  ]);
});

test('SEC-01 a token, password or secret passed as an argument is refused, also in a body quoted over lines; jq reading env and --data @- pass', () => {
  const { lines } = check(
    [
      '```bash',
      'curl -s -X POST "https://{studio-host}/studio/v8/auth/login" -H "Content-Type: application/json" \\',
      '  -d "{\\"apiToken\\": \\"${TALA_API_TOKEN}\\"}"',
      'jq -n --arg password "${TALA_PASSWORD}" \'{username: "ana", password: $password}\' > body.json',
      'curl -s "https://{manager-host}/manager/v8/oauth2/token" --data-urlencode "client_secret=${CLIENT_SECRET}"',
      'curl -s -X POST "https://{inquire-host}/inquire/v8/auth/login" -H "Content-Type: application/json" --data \'',
      '{ "username": "ana", "password": "${TALA_PASSWORD}" }',
      "'",
      'jq -n \'{apiToken: env.TALA_TOKEN}\' | curl -s -X POST "https://{studio-host}/studio/v8/auth/login" \\',
      '  -H "Content-Type: application/json" --data @-',
      '```',
    ].join('\n'),
  );
  assert.deepEqual(
    lines
      .filter((line) => line.includes('[secret]'))
      .map((line) => line.slice(0, line.indexOf(' on the command line'))),
    [
      '2:1 [secret] -d puts $TALA_API_TOKEN',
      '4:1 [secret] --arg puts $TALA_PASSWORD',
      '5:1 [secret] --data-urlencode puts $CLIENT_SECRET',
      // A body quoted over several lines is one argument too.
      '6:1 [secret] --data puts ${TALA_PASSWORD}',
    ],
  );
});

test('OPS-INDEX an operation found through the index by API, method and length is the first of the specs that fits, as a scan of every operation finds it', () => {
  const specs = loadApiSpecs();
  const scan = (api: string, method: string, path: string) =>
    specs.operations.find((o) => o.api === api && o.method === method && fits(o.template, path)) ?? null;
  // Each template as guides write it: parameters kept, filled with a value, one fixed segment
  // changed, one segment more or fewer; asked of every API and of the other methods too.
  const paths = specs.operations.flatMap(({ template }) => [
    template,
    template.replace(/\{[^}]+\}/g, 'sol-8c41e2'),
    template.replace(/\/[a-z-]+$/, '/other'),
    `${template}/extra`,
    template.replace(/\/[^/]+$/, ''),
  ]);
  let found = 0;
  for (const api of APIS)
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
      for (const path of paths) {
        const expected = scan(api, method, path);
        assert.equal(operationFitting(specs, api, method, path), expected, `${api} ${method} ${path}`);
        if (expected) found++;
      }
  assert.ok(found > specs.operations.length, `the paths name operations (${found})`);
  // Two templates that both fit a path: the one the specs list first wins, in either order.
  const [first, second] = [
    { ...specs.operations[0], api: 'studio', method: 'POST', template: '/solutions/{solutionId}/flows' },
    { ...specs.operations[0], api: 'studio', method: 'POST', template: '/solutions/import/flows' },
  ] as Operation[];
  for (const operations of [
    [first, second],
    [second, first],
  ] as Operation[][])
    assert.equal(
      operationFitting({ ...specs, operations }, 'studio', 'POST', '/solutions/import/flows'),
      operations[0],
    );
});
