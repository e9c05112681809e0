import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ApiCallChecker } from '../api/check.ts';
import { loadApiSpecs } from '../api/operations.ts';
import { checkExamples, formatFindings } from '../check.ts';
import { ASYNCAPI_FILE, SocketMessageChecker } from '../web-socket/check.ts';

/** Web-socket messages as code: the AsyncAPI document, its examples and every message a page shows. */

const siteDir = path.resolve(import.meta.dirname, '../..');
const specs = loadApiSpecs();
const api = new ApiCallChecker(specs);
const dir = mkdtempSync(path.join(tmpdir(), 'tala-socket-'));

function checkPage(markdown: string, asyncapi = ASYNCAPI_FILE) {
  const file = path.join(dir, `page-${Math.random().toString(36).slice(2)}.md`);
  writeFileSync(file, markdown);
  const report = checkExamples(siteDir, { pages: [file], specs: [], asyncapi });
  return formatFindings(report.findings.filter((f) => f.file.endsWith('.md') || f.file.endsWith('.yaml')))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/^.*?\.(md|yaml):/, ''));
}

const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```', ''].join('\n');

test('WS-01 the AsyncAPI document is valid AsyncAPI 3.0.0, its examples fit, and it has exactly the message types of the Studio spec', () => {
  const sockets = new SocketMessageChecker(api);
  assert.deepEqual(sockets.documentProblems(), []);
  const schemas = (
    specs.documents.studio as { components: { schemas: Record<string, { discriminator?: { mapping: object } }> } }
  ).components.schemas;
  const mapping = schemas.WebSocketMessage?.discriminator?.mapping ?? {};
  assert.deepEqual(sockets.messageNames.sort(), Object.keys(mapping).sort());
});

test('WS-02 a page message with the flat fields of the old guide is refused; the nested message and a released lock pass', () => {
  const flat = {
    type: 'document.updated',
    payload: {
      solutionId: 'sol-7f3a9c',
      documentId: 'flow-2c81d0',
      name: 'Order a pizza',
      version: 15,
      modifiedBy: { userId: 'usr-8c02', username: 'ci@example.com', displayName: 'CI' },
    },
  };
  const nested = {
    type: 'document.updated',
    payload: {
      solutionId: 'sol-7f3a9c',
      document: { documentId: 'flow-2c81d0', type: 'flow', name: 'Order a pizza', version: 15 },
    },
  };
  const released = {
    type: 'lock.changed',
    payload: { solutionId: 'sol-7f3a9c', documentId: 'flow-2c81d0', lock: null },
  };
  const lines = checkPage(`# Page\n\n${json(flat)}\n${json(nested)}\n${json(released)}`);
  assert.ok(
    lines.length > 0 && lines.every((line) => line.startsWith('4:1 [web socket] document.updated message:')),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => line.endsWith('payload needs document')),
    lines.join('\n'),
  );
  assert.ok(
    lines.some((line) => line.endsWith('payload has no property modifiedBy')),
    lines.join('\n'),
  );
});

test('WS-03 an AsyncAPI example that does not fit its message, or a document that is not AsyncAPI 3.0.0, stops the check', () => {
  const source = readFileSync(ASYNCAPI_FILE, 'utf8');
  const wrongExample = path.join(dir, 'wrong-example.yaml');
  writeFileSync(wrongExample, source.replace('              lock: null\n', '              locked: false\n'));
  assert.deepEqual(new SocketMessageChecker(api, wrongExample).documentProblems(), [
    'example released: lock.changed message: payload needs lock',
    'example released: lock.changed message: payload has no property locked',
  ]);
  const notAsyncApi = path.join(dir, 'not-asyncapi.yaml');
  writeFileSync(notAsyncApi, source.replace('    action: send\n', '    action: publish\n'));
  const problems = new SocketMessageChecker(api, notAsyncApi).documentProblems();
  assert.ok(problems.length > 0 && problems.every((p) => p.startsWith('not AsyncAPI 3.0.0:')), problems.join('\n'));
  assert.ok(
    checkPage('# Page\n', notAsyncApi).some((line) => line.startsWith('1:1 [web socket] not AsyncAPI 3.0.0:')),
    'the build check reports it',
  );
});
