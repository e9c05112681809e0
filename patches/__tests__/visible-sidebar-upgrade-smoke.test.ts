import assert from 'node:assert/strict';
import { test } from 'node:test';
import { broke, packageFile } from '../../site/__tests__/upgrade-smoke';

const SECTION = 'Route matching by string first';
const FILE = 'lib/client/docsUtils.js';

type Item =
  | { type: 'link'; href: string; unlisted?: boolean }
  | { type: 'category'; href?: string; linkUnlisted?: boolean; items: Item[] };
type IsVisible = (item: Item, activePath: string) => boolean;

/**
 * The installed module's isActive helpers and isVisibleSidebarItem, evaluated with the patch or
 * with the upstream order (the walk first); its imports are outside what these functions use but
 * `isSamePath`, given here.
 */
function isVisibleOf(patched: boolean): { isVisible: IsVisible; walks: () => number } {
  const source = packageFile('@docusaurus/plugin-content-docs', FILE);
  const from = source.indexOf('const isActive = ');
  const to = source.indexOf('export function useVisibleSidebarItems(');
  assert.ok(from > 0 && to > from, broke('isActive … isVisibleSidebarItem moved', FILE, SECTION));
  let code = source.slice(from, to).replaceAll('export function', 'function');
  if (!patched) {
    const check = "(typeof item.href !== 'undefined' && !item.linkUnlisted) ||";
    const walk = 'isActiveSidebarItem(item, activePath) ||';
    assert.ok(code.includes(`${check}\n                ${walk}`), broke('the patched order is gone', FILE, SECTION));
    code = code.replace(`${check}\n                ${walk}`, `${walk}\n                ${check}`);
  }
  let walks = 0;
  const isSamePath = (a?: string, b?: string) => {
    walks += 1;
    const normalize = (p?: string) => (!p || p.endsWith('/') ? p : `${p}/`)?.toLowerCase();
    return normalize(a) === normalize(b);
  };
  const isVisible = new Function('isSamePath', `${code}\nreturn isVisibleSidebarItem;`)(isSamePath) as IsVisible;
  return { isVisible, walks: () => walks };
}

test('UPGRADE a linked sidebar category is visible without walking it, and visibility is unchanged', () => {
  const leaf = (i: number): Item => ({ type: 'link', href: `/x/${i}/`, unlisted: i % 7 === 0 });
  const category = (href: string | undefined, items: Item[], linkUnlisted = false): Item => ({
    type: 'category',
    ...(href ? { href } : {}),
    linkUnlisted,
    items,
  });
  const tree = [
    category(
      '/a/',
      Array.from({ length: 50 }, (_, i) => leaf(i)),
    ),
    category(undefined, [leaf(100), leaf(7)]),
    category(undefined, [leaf(14)]),
    category('/u/', [leaf(21)], true),
    category('/v/', [category(undefined, [leaf(28)])], true),
  ];
  const patched = isVisibleOf(true);
  const upstream = isVisibleOf(false);
  for (const active of ['/x/3/', '/x/14/', '/x/21/', '/x/28/', '/elsewhere/', '/A/']) {
    for (const item of tree) {
      assert.equal(
        patched.isVisible(item, active),
        upstream.isVisible(item, active),
        `${active} ${JSON.stringify(item).slice(0, 60)}`,
      );
    }
  }
  const before = patched.walks();
  assert.equal(patched.isVisible(tree[0] as Item, '/x/3/'), true);
  assert.equal(patched.walks() - before, 0, 'a linked, listed category is not walked');
});
