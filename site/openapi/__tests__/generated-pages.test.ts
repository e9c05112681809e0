/**
 * One sweep over every generated API page of the real build: the static HTML (no JavaScript) carries
 * the method, path, every parameter and every field name of the request and response schemas.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ACCESS_MANIFEST_FILE, type AccessManifest, pageFileOf } from '@tala/policy';
import type { OperationData, SchemaNode } from '../components/types';
import { GENERATED_DIRS } from '../scripts/layout';

const site = path.resolve(__dirname, '../..');
const build = path.join(site, 'build');

function dataFiles(): { file: string; route: string }[] {
  return GENERATED_DIRS.flatMap((dir) => {
    const abs = path.join(site, dir);
    if (!existsSync(abs)) return [];
    return readdirSync(abs, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.json'))
      .map((e) => {
        const file = path.join(e.parentPath, e.name);
        const rel = path.relative(path.join(site, dir.startsWith('on-prem') ? 'on-prem' : 'docs'), file);
        const prefix = dir.startsWith('on-prem') ? '/on-prem/' : '/';
        return { file, route: `${prefix}${rel.replace(/\.json$/, '')}/` };
      });
  });
}

function fieldNames(schema: SchemaNode | null | undefined, depth = 0): string[] {
  if (!schema || depth > 2 || schema.circular) return [];
  const own = (schema.properties ?? []).flatMap((p) => [p.name, ...fieldNames(p.schema, depth + 1)]);
  const variants = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((v) => fieldNames(v, depth + 1));
  return [...own, ...variants, ...fieldNames(schema.items, depth)];
}

const pages = dataFiles();

test('every generated operation page is in the build, with its reference and search keywords in the static HTML', () => {
  const problems: string[] = [];
  for (const { file, route } of pages) {
    const html = path.join(build, pageFileOf(route));
    if (!existsSync(html)) {
      problems.push(`${route}: not built`);
      continue;
    }
    const text = readFileSync(html, 'utf8');
    const op = JSON.parse(readFileSync(file, 'utf8')) as OperationData;
    const expected = [
      op.method,
      op.path,
      ...op.parameters.map((p) => p.name),
      ...fieldNames(op.requestBody?.schema),
      ...op.responses.flatMap((r) => [r.status, ...fieldNames(r.schema)]),
    ];
    const missing = [...new Set(expected)].filter((name) => !text.includes(`>${name}<`) && !text.includes(name));
    if (missing.length > 0) problems.push(`${route}: ${missing.slice(0, 5).join(', ')}`);
    if (!text.includes('data-tala-generated')) problems.push(`${route}: no generated marker`);
    // x-keywords reach the page's keywords meta, where the search records read them.
    if (!/<meta[^>]+name="?keywords"?[^>]+content="[^"]+"/.test(text)) problems.push(`${route}: no keywords meta`);
  }
  assert.ok(pages.length > 0, 'there are generated pages');
  assert.deepEqual(problems, []);
});

test('field names are rendered as anchored rows, not only inside the example', () => {
  const sample = pages.find((p) => JSON.parse(readFileSync(p.file, 'utf8')).requestBody);
  assert.ok(sample, 'an operation with a request body');
  const html = readFileSync(path.join(build, pageFileOf(sample.route)), 'utf8');
  assert.match(html, /<li id="?request-[^"\s>]+/);
  assert.match(html, /<details/);
});

test('ROLE-05 the Manager API pages and its spec file are classified onprem', () => {
  const manifest: AccessManifest = JSON.parse(readFileSync(path.join(build, ACCESS_MANIFEST_FILE), 'utf8'));
  const manager = Object.entries(manifest.files).filter(([file]) => file.startsWith('on-prem/apis/manager/'));
  assert.ok(manager.length > 0);
  assert.deepEqual(
    manager.filter(([, level]) => level !== 'onprem'),
    [],
  );
  const specFiles = Object.entries(manifest.files).filter(([file]) => /manager\.openapi-[\w]+\.yaml$/.test(file));
  assert.equal(specFiles.length, 1, 'the Manager spec file is in the build once');
  assert.equal(specFiles[0]?.[1], 'onprem');
  const studioSpec = Object.entries(manifest.files).find(([file]) => /studio\.openapi-[\w]+\.yaml$/.test(file));
  assert.equal(studioSpec?.[1], 'reader');
});
