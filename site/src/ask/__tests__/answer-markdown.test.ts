import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element, Root } from 'hast';
import { answerTree, isSiteRelative } from '../answer-markdown';

const citations = [
  { url: '/studio/deploy/#publish-a-solution', title: 'Deploy', section: 'Publish a solution' },
  { url: '/engine/sessions/', title: 'Sessions', section: null },
];

const elements = (node: Root | Element): Element[] =>
  node.children.flatMap((child) => (child.type === 'element' ? [child, ...elements(child)] : []));
const textOf = (node: Root | Element): string =>
  node.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? textOf(c) : '')).join('');

test('citation markers become links to the cited sections, labelled with the source', () => {
  const tree = answerTree('Publish from **Studio** [1], then check the session [2]. Not [3].', citations);
  const links = elements(tree).filter((e) => e.tagName === 'a');
  assert.deepEqual(
    links.map((a) => [a.properties.href, textOf(a), a.properties.ariaLabel]),
    [
      ['/studio/deploy/#publish-a-solution', '[1]', '[1] Deploy, Publish a solution'],
      ['/engine/sessions/', '[2]', '[2] Sessions'],
    ],
  );
  assert.equal(textOf(tree), 'Publish from Studio [1], then check the session [2]. Not [3].');
  // Inside code, a marker is code.
  assert.equal(elements(answerTree('`a[1]`', citations)).filter((e) => e.tagName === 'a').length, 0);
});

test('no raw HTML, no links off the portal, no images: what is left is text', () => {
  const tree = answerTree(
    [
      '<script>alert(1)</script><img src=x onerror=alert(1)>',
      '',
      '[evil](javascript:alert(1)) [far](https://evil.example/) [proto](//evil.example/x) [ok](/studio/)',
      '',
      '![a diagram](https://evil.example/pixel.png) <https://evil.example/auto>',
      '',
      '[ref][r]',
      '',
      '[r]: https://evil.example/ref',
    ].join('\n'),
    citations,
  );
  const all = elements(tree);
  assert.deepEqual(
    all.filter((e) => e.tagName === 'a').map((a) => a.properties),
    [{ href: '/studio/' }],
  );
  assert.ok(!all.some((e) => ['script', 'img', 'iframe'].includes(e.tagName)));
  assert.ok(!JSON.stringify(tree).includes('onerror'));
  assert.match(textOf(tree), /evil far proto ok/);
  assert.match(textOf(tree), /a diagram/);
});

test('site-relative means one leading slash and no backslash or space', () => {
  assert.ok(isSiteRelative('/studio/#x'));
  for (const url of ['//evil.example', '/\\evil.example', 'https://x/', 'studio/', '#x', '/a b', null])
    assert.ok(!isSiteRelative(url), String(url));
});
