import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkExamples, formatFindings } from '../check.ts';
import { TLML_MODEL } from '../tlml/check.ts';

/** TLML as XML: ```tlml blocks parsed by saxes and checked against the elements the TLML page documents. */

const siteDir = path.resolve(import.meta.dirname, '../..');

test('a planted mistake in a ```tlml block is reported with its page and line', () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tala-tlml-')), 'page.md');
  writeFileSync(
    file,
    [
      'An output:',
      '',
      '```tlml',
      'One ${orderSize} pizza, coming up.',
      '<buttons title="Drink?"><button>Cola</button></buttons>',
      '<image src="http://www.example.com/a.jpg"/>',
      '<b><card title="x">y</card></b>',
      '<quick-reply><button value="a">A</button>',
      '```',
      '',
    ].join('\n'),
  );
  const name = path.relative(siteDir, file);
  const lines = formatFindings(checkExamples(siteDir, { pages: [file], specs: [] }).findings)
    .split('\n')
    .map((line) => line.replace(`${name}:`, '').replace(/^(\d+):\d+/, '$1'));
  assert.deepEqual(lines, [
    '5 [tlml] <button> needs exactly one of value, href',
    '6 [tlml] <image> needs the attribute alt',
    '6 [tlml] src="http://www.example.com/a.jpg" must start with https:',
    '7 [tlml] <card> is not allowed inside <b>',
    '8 [tlml] not well-formed: unexpected close tag.',
  ]);
});

test("the TLML page's table of elements and attributes is the checker's model", () => {
  const page = readFileSync(path.join(siteDir, 'docs/reference/tala-programming/tlml.md'), 'utf8');
  const rows = [...page.matchAll(/^\| `<([a-z-]+)\/?>` \| ([^|]*) \|/gm)].map(([, element, attributes]) => ({
    element: element as string,
    // "`href` (required), `target`" → the attribute names, required ones marked.
    attributes: [...(attributes as string).matchAll(/`([a-z]+)`( \(required\))?/g)]
      .map(([, a, r]) => `${a}${r ? '!' : ''}`)
      .sort(),
  }));
  assert.deepEqual(rows.map((r) => r.element).sort(), Object.keys(TLML_MODEL.elements).sort(), 'the same elements');
  for (const { element, attributes } of rows) {
    const spec = TLML_MODEL.elements[element];
    const modelled = Object.entries(spec?.attributes ?? {})
      .map(([a, required]) => `${a}${required ? '!' : ''}`)
      .sort();
    assert.deepEqual(attributes, modelled, `<${element}>`);
  }
});
