import assert from 'node:assert/strict';
import { test } from 'node:test';
import React, { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MESSAGE_TYPES } from '../message-types';
import { parseAndValidate, validateMessage } from '../validate';

// CSS modules are a bundler feature: in Node a class-name stub stands in for them.
require.extensions['.css'] = (module) => {
  const classNames = new Proxy({}, { get: (_target, key) => (typeof key === 'string' ? key : undefined) });
  module.exports = { __esModule: true, default: classNames };
};
// tsx compiles TSX loaded through require() with the classic runtime (React.createElement), unlike
// the site's bundler: give it the global it expects.
(globalThis as { React?: typeof React }).React = React;
// Loaded after the CSS stub above is registered.
const MessagePreview = require('../MessagePreview').default as typeof import('../MessagePreview').default;

const NOT_SHOWN = new Set([
  'type',
  'value',
  'url',
  'imageUrl',
  'posterUrl',
  'captionsUrl',
  'inputType',
  'name',
  'style',
  'level',
  'sender',
  'accept',
]);

function shownTexts(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return NOT_SHOWN.has(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => shownTexts(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => shownTexts(v, k));
  return [];
}

const render = (payload: Record<string, unknown>) => renderToStaticMarkup(createElement(MessagePreview, { payload }));

test('there are 18 message types, each with a valid example', () => {
  assert.equal(MESSAGE_TYPES.length, 18);
  for (const spec of MESSAGE_TYPES) assert.deepEqual(validateMessage(spec.example).errors, [], spec.type);
});

for (const spec of MESSAGE_TYPES) {
  test(`the ${spec.type} preview renders its example on the server`, () => {
    const html = render(spec.example);
    assert.match(html, new RegExp(`data-message-type="${spec.type}"`));
    assert.match(html, /aria-label="Widget preview/);
    // Every text the reader sees is in the markup (values sent on a click, addresses and enums aside).
    const texts = shownTexts(spec.example);
    assert.ok(texts.length > 0);
    for (const text of texts) {
      const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
      assert.ok(html.includes(escaped), `${spec.type}: "${text}" is rendered`);
    }
  });
}

test('accessibility: images have alt text, media have names, form fields and selects have labels', () => {
  const image = render(MESSAGE_TYPES.find((t) => t.type === 'image')?.example ?? {});
  assert.match(image, /<img [^>]*alt="The Tala logo/);
  // Media load only on request: a named button, no request to the media host with the page.
  const video = render(MESSAGE_TYPES.find((t) => t.type === 'video')?.example ?? {});
  assert.match(video, /<button[^>]*>.*Play video.*How we bake our pizzas/);
  assert.doesNotMatch(video, /cdn\.tala\.example/);
  const form = render(MESSAGE_TYPES.find((t) => t.type === 'form')?.example ?? {});
  const ids = [...form.matchAll(/<input id="([^"]+)"/g)].map((m) => m[1]);
  assert.equal(ids.length, 2);
  for (const id of ids) assert.ok(form.includes(`for="${id}"`), `input ${id} has a label`);
  const rating = render(MESSAGE_TYPES.find((t) => t.type === 'rating')?.example ?? {});
  assert.match(rating, /<fieldset[\s\S]*<legend>How did we do today\?<\/legend>/);
  assert.match(rating, /1 of 5/);
  const carousel = render(MESSAGE_TYPES.find((t) => t.type === 'carousel')?.example ?? {});
  assert.match(carousel, /aria-roledescription="carousel"/);
  assert.match(carousel, /aria-label="Next card"/);
});

test('invalid payloads give validation messages that name the field', () => {
  const cases: [unknown, RegExp][] = [
    [[], /must be one JSON object/],
    [{ text: 'hi' }, /type is required/],
    [{ type: 'hologram' }, /"hologram" is not a message type/],
    [{ type: 'bubble' }, /^text is required\.$/],
    [{ type: 'bubble', text: 42 }, /^text must be a string\.$/],
    [{ type: 'buttons', buttons: [] }, /buttons needs at least 1 item/],
    [{ type: 'buttons', buttons: [{ value: 'x' }] }, /buttons\[0\]\.label is required/],
    [{ type: 'buttons', buttons: [{ label: 'Go' }] }, /buttons\[0\] needs a value or a url/],
    [{ type: 'image', url: 'javascript:alert(1)', alt: 'x' }, /url must be an http\(s\) address/],
    [{ type: 'rating', text: 'Rate', scale: 50 }, /scale must be at most 10/],
    [
      { type: 'table', caption: 'c', columns: ['a', 'b'], rows: [['1']] },
      /rows\[0\] has 1 cells; the table has 2 columns/,
    ],
    [{ type: 'bubble', text: 'x', colour: 'red' }, /colour is not a field of this message type/],
    [{ type: 'card', title: 'T', imageUrl: '/img/logo.svg' }, /imageAlt is required when imageUrl is set/],
  ];
  for (const [payload, expected] of cases) {
    const result = validateMessage(payload);
    assert.equal(result.ok, false, JSON.stringify(payload));
    assert.ok(
      result.errors.some((e) => expected.test(e)),
      `${JSON.stringify(payload)} → ${result.errors.join(' | ')}`,
    );
  }
});

test('malformed JSON in the playground is a validation message, not an exception', () => {
  const result = parseAndValidate('{"type": "bubble", "text": ');
  assert.equal(result.ok, false);
  assert.match(result.errors[0] ?? '', /^The JSON is not valid: /);
  assert.equal(parseAndValidate('{"type": "bubble", "text": "Hello"}').ok, true);
});
