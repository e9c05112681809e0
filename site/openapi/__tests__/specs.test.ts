import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { BuildError } from '../../plugins/build-errors';
import { lintSpec } from '../scripts/lint';
import { APIS, mergeApi, SPECS_DIR, writeMerged } from '../scripts/merge';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

for (const api of APIS) {
  test(`the ${api} API spec passes Redocly's recommended lint rules with 0 errors`, async () => {
    const problems = await lintSpec(writeMerged(api));
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.rule}: ${p.message} (${p.where})`);
    assert.deepEqual(errors, []);
  });

  test(`every ${api} operation has a family tag, an x-slug, a summary, x-keywords, an example and a 4xx response`, () => {
    const doc = mergeApi(api);
    const problems: string[] = [];
    const slugs = new Set<string>();
    const keywordOwners = new Map<string, string>();
    for (const [route, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, raw] of Object.entries(item)) {
        if (!HTTP_METHODS.includes(method)) continue; // path-level parameters, summary, servers
        const op = raw as Record<string, unknown>;
        const where = `${method.toUpperCase()} ${route}`;
        const tag = (op.tags as string[] | undefined)?.[0];
        const slug = op['x-slug'] as string | undefined;
        if (!tag || !slug) problems.push(`${where}: tag and x-slug`);
        if (slugs.has(`${tag}/${slug}`)) problems.push(`${where}: duplicate page ${tag}/${slug}`);
        slugs.add(`${tag}/${slug}`);
        if (!op.summary || !op.description) problems.push(`${where}: summary and description`);
        // Search keywords (style guide): 4–8 reader phrases, none the title again, each leading to
        // one operation of the API.
        const keywords = (op['x-keywords'] as string[] | undefined) ?? [];
        if (keywords.length < 4 || keywords.length > 8) problems.push(`${where}: 4–8 x-keywords`);
        for (const keyword of keywords) {
          if (keyword === String(op.summary).toLowerCase()) problems.push(`${where}: keyword repeats the summary`);
          const owner = keywordOwners.get(keyword);
          if (owner) problems.push(`${where}: keyword "${keyword}" also on ${owner}`);
          keywordOwners.set(keyword, where);
        }
        const responses = Object.keys((op.responses as object) ?? {});
        if (!responses.some((s) => s.startsWith('4'))) problems.push(`${where}: no 4xx response`);
        const hasExample = (media: Record<string, unknown> | undefined) =>
          media === undefined ||
          media.example !== undefined ||
          media.examples !== undefined ||
          media.schema === undefined;
        const body = (op.requestBody as { content?: Record<string, Record<string, unknown>> } | undefined)?.content;
        for (const [type, media] of Object.entries(body ?? {})) {
          if (type.includes('json') && !hasExample(media)) problems.push(`${where}: request example`);
        }
      }
    }
    assert.ok(slugs.size > 0, 'the API has operations');
    assert.deepEqual(problems, []);
  });
}

test('a spec mistake fails with BUILD_ERR_OPENAPI and the file:line to fix (duplicate operation, bad YAML)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-spec-'));
  writeFileSync(path.join(dir, '_root.yaml'), 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\n');
  writeFileSync(path.join(dir, 'a.yaml'), 'paths:\n  /x:\n    get:\n      summary: first\n');
  writeFileSync(
    path.join(dir, 'b.yaml'),
    'tags:\n  - name: b\npaths:\n  /y: {}\n  /x:\n    get:\n      summary: again\n',
  );
  assert.throws(
    () => mergeApi('studio', dir),
    (error: unknown) =>
      error instanceof BuildError &&
      error.code === 'BUILD_ERR_OPENAPI' &&
      error.message.startsWith(
        `[BUILD_ERR_OPENAPI] ${path.relative(path.resolve(SPECS_DIR, '../..'), path.join(dir, 'b.yaml'))}:6: `,
      ) &&
      error.message.includes('GET /x is already defined in a.yaml'),
  );
  writeFileSync(path.join(dir, 'b.yaml'), 'paths:\n  /y:\n    get: [unclosed\n');
  assert.throws(
    () => mergeApi('studio', dir),
    (error: unknown) => error instanceof BuildError && /b\.yaml:\d+: /.test(error.message),
  );
});

test('MERGE-CACHE a merge is read back while its files are the same, and merged again when a file changes, is added or breaks', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-spec-'));
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'tala-merged-'));
  const cacheFile = path.join(cacheDir, 'cached.merge.json');
  const summary = (doc: ReturnType<typeof mergeApi>) =>
    (doc.paths?.['/x']?.get as { summary?: string } | undefined)?.summary;
  writeFileSync(path.join(dir, '_root.yaml'), 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths: {}\n');
  writeFileSync(path.join(dir, 'a.yaml'), 'paths:\n  /x:\n    get:\n      summary: first\n');
  const first = mergeApi('cached', dir, cacheDir);
  const cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
  assert.deepEqual(cache.doc, first);
  assert.deepEqual(Object.fromEntries(cache.locations)['cached GET /x']?.line, 3);
  // Read back, not merged: a planted cache with the same digest is what comes out.
  writeFileSync(cacheFile, JSON.stringify({ ...cache, doc: { planted: true } }));
  assert.deepEqual(mergeApi('cached', dir, cacheDir), { planted: true });
  writeFileSync(path.join(dir, 'a.yaml'), 'paths:\n  /x:\n    get:\n      summary: second\n');
  assert.equal(summary(mergeApi('cached', dir, cacheDir)), 'second');
  writeFileSync(path.join(dir, 'b.yaml'), 'paths:\n  /y:\n    get:\n      summary: new family\n');
  assert.deepEqual(Object.keys(mergeApi('cached', dir, cacheDir).paths ?? {}), ['/x', '/y']);
  writeFileSync(path.join(dir, 'b.yaml'), 'paths:\n  /x:\n    get:\n      summary: again\n');
  assert.throws(() => mergeApi('cached', dir, cacheDir), /GET \/x is already defined in a\.yaml/);
  writeFileSync(cacheFile, '{"digest":'); // cut short: merged again
  writeFileSync(path.join(dir, 'b.yaml'), 'paths: {}\n');
  assert.equal(summary(mergeApi('cached', dir, cacheDir)), 'second');
});

test('an example that contradicts its own schema is a lint error (no-invalid-media-type-examples), so no spec ships one', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-spec-'));
  const file = path.join(dir, 'planted.yaml');
  writeFileSync(
    file,
    [
      'openapi: 3.1.0',
      'info: { title: Planted, version: "1", license: { name: MIT } }',
      'servers: [{ url: "https://example.com/v8" }]',
      'security: []',
      'tags: [{ name: Things, description: Things. }]',
      'paths:',
      '  /things:',
      '    post:',
      '      operationId: createThing',
      '      summary: Create a thing',
      '      description: Creates a thing.',
      '      tags: [Things]',
      '      requestBody:',
      '        content:',
      '          application/json:',
      '            schema: { type: object, required: [name], properties: { name: { type: string } }, additionalProperties: false }',
      '            example: { name: 42, colour: red }',
      '      responses:',
      "        '204': { description: Created. }",
      "        '400': { description: Bad request. }",
      '',
    ].join('\n'),
  );
  const problems = await lintSpec(file);
  const invalid = problems.filter((p) => p.rule === 'no-invalid-media-type-examples');
  assert.ok(invalid.length > 0, JSON.stringify(problems));
  assert.ok(invalid.every((p) => p.severity === 'error'));
});

test('ENGINE-02 the Engine API page lists in its error table exactly the error statuses its spec answers with', () => {
  const doc = mergeApi('engine');
  const specified = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item) as { responses?: Record<string, unknown> }[]) {
      for (const status of Object.keys(op.responses ?? {})) if (!status.startsWith('2')) specified.add(status);
    }
  }
  const page = readFileSync(path.join(SPECS_DIR, '../../docs/reference/apis/engine-api.md'), 'utf8');
  const errors = page.slice(page.indexOf('\n## Errors'), page.indexOf('\n### ', page.indexOf('\n## Errors')));
  const listed = new Set([...errors.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => row[1]?.match(/\b\d{3}\b/g) ?? []));
  assert.ok(specified.size >= 5, `the spec answers errors (${[...specified]})`);
  assert.deepEqual([...listed].sort(), [...specified].sort());
});
