import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DOC_LINK, withLeanSidebars } from '../lean-sidebars';

test('LEAN-SIDEBARS doc links keep only that they are docs, listed links lose unlisted: false, the rest stays', () => {
  const sidebars = {
    docs: [
      {
        type: 'category',
        label: 'Studio',
        href: '/category/studio/',
        collapsed: true,
        items: [
          { type: 'link', label: 'Build', href: '/studio/build/', docId: 'studio/build/overview', unlisted: false },
          { type: 'link', label: 'Hidden', href: '/studio/hidden/', docId: 'studio/hidden', unlisted: true },
          { type: 'link', label: 'Elsewhere', href: 'https://example.com/', className: 'external' },
        ],
      },
      { type: 'html', value: '<hr>' },
    ],
  };
  const route = { path: '/', routes: [{ path: '/', props: { version: { name: 'current', docsSidebars: sidebars } } }] };
  const lean = withLeanSidebars(route).routes?.[0]?.props?.version;
  assert.deepEqual(lean, {
    name: 'current',
    docsSidebars: {
      docs: [
        {
          type: 'category',
          label: 'Studio',
          href: '/category/studio/',
          collapsed: true,
          items: [
            { type: 'link', label: 'Build', href: '/studio/build/', docId: DOC_LINK },
            { type: 'link', label: 'Hidden', href: '/studio/hidden/', docId: DOC_LINK, unlisted: true },
            { type: 'link', label: 'Elsewhere', href: 'https://example.com/', className: 'external' },
          ],
        },
        { type: 'html', value: '<hr>' },
      ],
    },
  });
  assert.equal(sidebars.docs[0]?.items?.[0]?.docId, 'studio/build/overview', 'the input is not changed');
  assert.deepEqual(withLeanSidebars({ path: '/x/', props: { other: 1 } }), { path: '/x/', props: { other: 1 } });
});
