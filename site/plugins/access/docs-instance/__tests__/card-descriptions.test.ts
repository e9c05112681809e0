import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CARD_DESCRIPTION_CHARS,
  CARD_DESCRIPTIONS_PROP,
  cardDescription,
  withCardDescriptions,
} from '../card-descriptions';

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

test('CARDS the version props keep no doc map; each category index page gets the descriptions of its own doc cards', () => {
  const link = (id: string) => ({ type: 'link', label: id, href: `/${id}/`, docId: id });
  const version = {
    docsSidebars: {
      docs: [
        {
          type: 'category',
          label: 'Studio',
          href: '/category/studio/',
          items: [
            link('a'),
            link('b'),
            { type: 'category', label: 'Deep', href: '/category/deep/', items: [link('c')] },
          ],
        },
      ],
    },
    docs: {
      a: { id: 'a', title: 'A', description: 'First. Second.', sidebar: 'docs' },
      b: { id: 'b', title: 'B', sidebar: 'docs' },
      c: { id: 'c', title: 'C', description: 'Deep doc.', sidebar: 'docs' },
    },
  };
  const index = (path: string) => ({ path, sidebar: 'docs', props: { categoryGeneratedIndex: { title: path } } });
  const route = {
    path: '/',
    routes: [
      {
        path: '/',
        props: { version },
        routes: [{ path: '/', routes: [index('/category/studio/'), index('/category/deep/'), { path: '/a/' }] }],
      },
      { path: '/x/', props: { other: 1 } },
    ],
  };
  const result = withCardDescriptions(route);
  const versionRoute = result.routes?.[0];
  assert.deepEqual(versionRoute?.props?.version, { ...version, docs: {} });
  const [studio, deep, doc] = (versionRoute?.routes?.[0]?.routes ?? []) as {
    path?: string;
    props?: Record<string, unknown>;
  }[];
  // Its own links only (not the sub-category's), cut for a card; a doc without a description has none.
  assert.deepEqual(studio?.props, {
    categoryGeneratedIndex: { title: '/category/studio/' },
    [CARD_DESCRIPTIONS_PROP]: { '/a/': 'First.' },
  });
  assert.deepEqual(deep?.props?.[CARD_DESCRIPTIONS_PROP], { '/c/': 'Deep doc.' });
  assert.deepEqual(doc, { path: '/a/' });
  assert.deepEqual(result.routes?.[1], route.routes[1]);
  assert.equal(version.docs.a.description, 'First. Second.', 'the input is not changed');
});
