import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { OperationData } from '../../openapi/components/types.ts';
import { requestSnippets } from '../../openapi/scripts/snippets.ts';
import { ApiCallChecker } from '../api/check.ts';
import { checkGeneratedRequests, operationFiles } from '../api/generated-requests.ts';

/** The generated API pages' example requests (curl, JavaScript, Python) are checked like the guides' calls. */

const siteDir = path.resolve(import.meta.dirname, '../..');
const api = new ApiCallChecker();
const dir = mkdtempSync(path.join(tmpdir(), 'tala-snippets-'));
const publish = JSON.parse(
  readFileSync(path.join(siteDir, 'docs/reference/apis/studio/publish-environments/publish.json'), 'utf8'),
) as OperationData;

function problemsOf(op: OperationData): string[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(op));
  return checkGeneratedRequests([file], api, {}).map((p) => `[${p.language}] ${p.message}`);
}

test('SNIP-01 every generated operation page has curl, JavaScript and Python requests, and all of them pass the check', () => {
  const files = operationFiles(siteDir);
  assert.ok(files.length >= 250, `operation files: ${files.length}`);
  const counts: Record<string, number> = {};
  assert.deepEqual(checkGeneratedRequests(files, api, counts), []);
  assert.equal(counts['generated request'], files.length);
  assert.match(publish.snippets.curl, /--header "X-Tala-Session: \$\{TALA_SESSION_ID\}"/);
  assert.match(publish.snippets.javascript, /'X-Tala-Session': process\.env\.TALA_SESSION_ID/);
  assert.match(publish.snippets.python, /"X-Tala-Session": os\.environ\["TALA_SESSION_ID"\]/);
});

test('SNIP-02 planted mistakes are refused: another path, a wrong body, no credential, a secret argument, JavaScript or Python that does not parse', () => {
  const { snippets } = publish;
  assert.deepEqual(problemsOf(publish), []);
  assert.ok(
    problemsOf({
      ...publish,
      snippets: { ...snippets, curl: snippets.curl.replace('/publish ', '/publish-now ') },
    }).some((p) => p.startsWith('[curl] no operation POST')),
  );
  assert.ok(
    problemsOf({
      ...publish,
      snippets: { ...snippets, curl: snippets.curl.replace('"solutionVersion"', '"version"') },
    }).some((p) => p.includes('has no property version')),
  );
  assert.ok(
    problemsOf({
      ...publish,
      snippets: {
        ...snippets,
        curl: snippets.curl.replace(/ {2}--header "X-Tala-Session: \$\{TALA_SESSION_ID\}" \\\n/, ''),
      },
    }).some((p) => p.includes('takes the X-Tala-Session header')),
  );
  assert.ok(
    problemsOf({
      ...publish,
      snippets: { ...snippets, curl: `${snippets.curl} \\\n  -u "ci:\${TALA_PASSWORD}"` },
    }).some((p) => p.startsWith('[curl] -u puts $TALA_PASSWORD on the command line')),
  );
  const javascript = problemsOf({
    ...publish,
    snippets: { ...snippets, javascript: snippets.javascript.replace('};', '') },
  });
  assert.equal(javascript.length, 1);
  assert.ok(javascript[0]?.startsWith('[javascript] the JavaScript example does not parse:'), javascript[0]);
  assert.deepEqual(
    problemsOf({
      ...publish,
      snippets: { ...snippets, python: snippets.python.replace('"comment": "', '"comment": "two\nlines ') },
    }),
    ['[python] the Python example does not parse'],
  );
});

test('SNIP-03 a body with line breaks stays valid Python, and a form value from the environment stays off the command line', () => {
  const op: OperationData = {
    ...publish,
    requestBody: publish.requestBody && {
      ...publish.requestBody,
      example: { solutionVersion: 57, comment: 'one\ntwo', dryRun: false },
    },
  };
  const { python } = requestSnippets(op);
  assert.match(python, /"comment": "one\\ntwo",\n {2}"dryRun": False/);
  const form: OperationData = {
    ...publish,
    requestBody: {
      required: true,
      contentType: 'application/x-www-form-urlencoded',
      schema: { constraints: [] },
      example: { grant_type: 'client_credentials', client_secret: '${TALA_CLIENT_SECRET}' },
    },
  };
  const snippets = requestSnippets(form);
  assert.match(
    snippets.curl,
    /^jq -rn '"grant_type=client_credentials&client_secret=\\\(env\.TALA_CLIENT_SECRET \| @uri\)"' \|\ncurl /,
  );
  assert.doesNotMatch(snippets.curl, /--data-urlencode/);
  assert.match(snippets.javascript, /client_secret: process\.env\.TALA_CLIENT_SECRET/);
  assert.match(snippets.python, /"client_secret": os\.environ\["TALA_CLIENT_SECRET"\]/);
  const login = requestSnippets({
    ...publish,
    requestBody: publish.requestBody && {
      ...publish.requestBody,
      example: { username: 'ana', password: '${TALA_PASSWORD}' },
    },
  });
  assert.match(login.curl, /^jq -n '\{"username":"ana","password":env\.TALA_PASSWORD\}' \|\ncurl /);
  assert.match(login.curl, /--data @-$/);
  assert.doesNotMatch(login.curl, /\$\{TALA_PASSWORD\}/);
});
