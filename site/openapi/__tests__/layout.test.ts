import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { BuildError } from '../../plugins/build-errors';
import { APIS, familySlugOf, operationRouteOf, readLayout, SPECS_DIR } from '../scripts/layout';

/** Each API folder says where its reference goes; the generator and the examples check read it. */

function layoutFile(text: string): string {
  const specs = path.join(mkdtempSync(path.join(tmpdir(), 'tala-layout-')), 'site/openapi/specs');
  mkdirSync(path.join(specs, 'x'), { recursive: true });
  writeFileSync(path.join(specs, 'x', '_layout.yaml'), text);
  return specs;
}

test('API-LAYOUT-01 every API folder has a layout, and the APIs are the folders in sidebar order', () => {
  assert.deepEqual([...APIS].sort(), ['engine', 'inquire', 'manager', 'studio']);
  assert.ok(APIS.indexOf('studio') < APIS.indexOf('inquire'));
  const manager = readLayout(SPECS_DIR, 'manager');
  assert.equal(familySlugOf(manager, 'oauth2'), '/category/oauth2/');
  assert.equal(familySlugOf(manager, 'admin'), '/category/manager-admin/');
  assert.equal(operationRouteOf(manager, 'admin', 'get-user'), '/on-prem/apis/manager/admin/get-user/');
  const engine = readLayout(SPECS_DIR, 'engine');
  assert.equal(operationRouteOf(engine, 'inputs', 'send-input'), '/reference/apis/engine/inputs/send-input/');
  assert.deepEqual(engine.category, { doc: 'reference/apis/engine-api' });
});

test('API-LAYOUT-02 a layout without a field, with a family slug without {family} or a folder outside the site is a build error naming the field', () => {
  const complete = [
    'dir: docs/reference/apis/x',
    'label: X API',
    'position: 9',
    'category: { slug: /category/x/ }',
    'familySlug: /category/x-{family}/',
    'specificationSlug: /reference/apis/x/specification/',
    "host: '{x-host}'",
  ];
  assert.equal(readLayout(layoutFile(complete.join('\n')), 'x').label, 'X API');
  const broken: [string[], RegExp][] = [
    [complete.filter((l) => !l.startsWith('host')), /x\/_layout.yaml: needs host/],
    [complete.map((l) => (l.startsWith('familySlug') ? 'familySlug: /category/x/' : l)), /needs \{family\}/],
    [complete.map((l) => (l.startsWith('dir') ? 'dir: ../outside' : l)), /inside the site/],
    [complete.map((l) => (l.startsWith('category') ? 'category: {}' : l)), /category needs a slug or a doc/],
    [['dir: [unclosed'], /x\/_layout.yaml: /],
  ];
  for (const [lines, message] of broken) {
    assert.throws(
      () => readLayout(layoutFile(lines.join('\n')), 'x'),
      (error: unknown) =>
        error instanceof BuildError && error.code === 'BUILD_ERR_OPENAPI' && message.test(error.message),
    );
  }
});
