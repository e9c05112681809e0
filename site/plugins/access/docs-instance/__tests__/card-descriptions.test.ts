import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CARD_DESCRIPTION_CHARS, cardDescription, withCardDescriptions } from '../card-descriptions';

test('a description is cut to what a category card shows: its first sentence, or a word boundary with an ellipsis', () => {
  assert.equal(cardDescription('Publish a solution. Then test it.'), 'Publish a solution.');
  assert.equal(cardDescription('Short, without a full stop'), 'Short, without a full stop');
  const long = `${'word '.repeat(60)}end.`;
  const cut = cardDescription(long);
  assert.ok(cut.length <= CARD_DESCRIPTION_CHARS && !cut.includes(' …'), cut);
  assert.match(cut, /^word( word)*…$/);
  // Version 8.0 is not the end of a sentence.
  assert.equal(cardDescription('Tala 8.0 adds generative answers. More.'), 'Tala 8.0 adds generative answers.');
});

test('only the version route props are changed, in nested routes too: each doc keeps its cut description, the sidebars stay', () => {
  const version = {
    docsSidebars: { docs: [{ type: 'link', label: 'A' }] },
    docs: { a: { id: 'a', title: 'A', description: 'First. Second.', sidebar: 'docs' } },
  };
  const route = {
    path: '/',
    routes: [
      { path: '/v/', props: { version } },
      { path: '/x/', props: { other: 1 } },
    ],
  };
  const result = withCardDescriptions(route);
  assert.deepEqual(result.routes?.[0]?.props?.version, {
    ...version,
    docs: { a: { description: 'First.' } },
  });
  assert.deepEqual(result.routes?.[1], route.routes[1]);
  const bare = withCardDescriptions({ props: { version: { docsSidebars: {}, docs: { b: { id: 'b', title: 'B' } } } } });
  assert.deepEqual(
    bare.props?.version,
    { docsSidebars: {}, docs: { b: {} } },
    'a doc without a description keeps an entry',
  );
  assert.equal(version.docs.a.description, 'First. Second.', 'the input is not changed');
});
