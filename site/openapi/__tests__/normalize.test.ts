import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OperationData } from '../components/types';
import { Normalizer } from '../scripts/normalize';
import { mdxText, operationExport } from '../scripts/pages';
import { requestSnippets } from '../scripts/snippets';

const doc = {
  components: {
    schemas: {
      Base: { type: 'object', required: ['id'], properties: { id: { type: 'string', description: 'Id.' } } },
      Named: {
        allOf: [
          { $ref: '#/components/schemas/Base' },
          { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 120 } } },
        ],
      },
      Folder: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Folder' } },
        },
      },
      Shape: {
        oneOf: [{ $ref: '#/components/schemas/Base' }, { $ref: '#/components/schemas/Named' }],
        discriminator: { propertyName: 'kind' },
      },
    },
  },
};

test('allOf is merged into one object with the union of properties and required fields', () => {
  const node = new Normalizer(doc).schema({ $ref: '#/components/schemas/Named' });
  assert.equal(node.title, 'Named');
  assert.deepEqual(
    node.properties?.map((p) => [p.name, p.required]),
    [
      ['id', true],
      ['name', true],
    ],
  );
  assert.deepEqual(node.properties?.[1]?.schema.constraints, ['max length 120']);
});

test('a schema that contains itself is cut at the repetition and named', () => {
  const node = new Normalizer(doc).schema({ $ref: '#/components/schemas/Folder' });
  const children = node.properties?.find((p) => p.name === 'children')?.schema;
  assert.equal(children?.items?.circular, 'Folder');
});

test('oneOf keeps its variants and the discriminator', () => {
  const node = new Normalizer(doc).schema({ $ref: '#/components/schemas/Shape' });
  assert.equal(node.oneOf?.length, 2);
  assert.equal(node.discriminator, 'kind');
  assert.equal(node.oneOf?.[1]?.title, 'Named');
});

test('a broken or external reference is an error naming it', () => {
  assert.throws(
    () => new Normalizer(doc).schema({ $ref: '#/components/schemas/Missing' }),
    /Broken reference #\/components\/schemas\/Missing/,
  );
  assert.throws(() => new Normalizer(doc).schema({ $ref: './other.yaml#/x' }), /Unresolved external reference/);
});

test('spec Markdown is made safe for MDX outside code spans only', () => {
  assert.equal(mdxText('Use {id} and <b> but `GET /a/{id}` stays'), 'Use \\{id\\} and &lt;b> but `GET /a/{id}` stays');
});

test('the example requests (curl, JavaScript, Python) fill path parameters from examples, send the body and read the session from the environment', () => {
  const op: Omit<OperationData, 'snippets'> = {
    api: 'studio',
    method: 'PUT',
    path: '/solutions/{solutionId}',
    serverUrl: 'https://studio.tala.example/studio/v8',
    operationId: 'updateSolution',
    summary: 'Update a solution',
    deprecated: false,
    authentication: ['`X-Tala-Session` header: session'],
    parameters: [
      {
        name: 'solutionId',
        in: 'path',
        required: true,
        deprecated: false,
        description: '',
        schema: { example: 'sol-7f3a9c', constraints: [] },
      },
      {
        name: 'If-Match',
        in: 'header',
        required: true,
        deprecated: false,
        description: '',
        schema: { example: '"12"', constraints: [] },
      },
    ],
    requestBody: {
      required: true,
      contentType: 'application/json',
      schema: { constraints: [] },
      example: { name: "O'Brien" },
    },
    responses: [],
  };
  const { curl, javascript, python } = requestSnippets(op);
  assert.match(
    curl,
    /^curl --request PUT \\\n {2}--url https:\/\/studio\.tala\.example\/studio\/v8\/solutions\/sol-7f3a9c /,
  );
  // Double quotes: the shell must expand the variable (single quotes sent the literal text).
  assert.match(curl, /--header "X-Tala-Session: \$\{TALA_SESSION_ID\}"/);
  assert.match(curl, /--header 'If-Match: "12"'/);
  assert.match(curl, /"name":"O'\\''Brien"/);
  assert.match(javascript, /'X-Tala-Session': process\.env\.TALA_SESSION_ID/);
  assert.match(javascript, /method: 'PUT'/);
  assert.match(python, /^import os\n/);
  assert.match(python, /"X-Tala-Session": os\.environ\["TALA_SESSION_ID"\]/);
  assert.match(python, /requests\.put\(url, json=payload, headers=headers\)/);
});

test('OPERATION-INLINE the operation data in the page module reads back as the same object, whatever its text holds', () => {
  const tricky =
    'quote " apostrophe \' backslash \\ newline \n tab \t brace { } angle </script> line sep \u2028 para \u2029 emoji 🦜 `tick` ${x}';
  const op = {
    summary: tricky,
    parameters: [{ name: 'q', description: tricky, schema: { example: [1, null, true] } }],
  };
  const line = operationExport(op as unknown as OperationData);
  // One line: an MDX ESM block ends at a blank line.
  assert.doesNotMatch(line, /[\n\r\u2028\u2029]/);
  assert.match(line, /^export const operation = JSON\.parse\(".*"\);$/);
  const read = new Function(`${line.replace(/^export /, '')} return operation;`)();
  assert.deepEqual(read, op);
});
