import assert from 'node:assert/strict';
import { test } from 'node:test';
import { broke, packageFile, packageJson } from '../../../../__tests__/upgrade-smoke';

const SECTION = 'Forked SearchBar';
const FORK = 'site/src/theme/SearchBar/index.tsx';

/** The versions site/src/theme/SearchBar was forked from (lib/theme/SearchBar/index.js of the theme). */
const FORK_BASE = { '@docusaurus/theme-search-algolia': '3.10.2', '@docsearch/react': '3.9.0' };

test('UPGRADE forked SearchBar: the packages are the versions it was forked from, with the names it imports', () => {
  for (const [name, version] of Object.entries(FORK_BASE)) {
    const installed = packageJson(name).version;
    assert.equal(
      installed,
      version,
      broke(
        `${name} ${installed} is installed; the SearchBar was forked from ${version}. Diff the theme's ` +
          'lib/theme/SearchBar/index.js between the versions, carry the changes over, then update FORK_BASE in this test',
        FORK,
        SECTION,
      ),
    );
  }

  // Named exports the fork imports.
  const exported = (source: string) =>
    new Set(
      [...source.matchAll(/export\s*\{([^}]*)\}/g)]
        .flatMap((m) => (m[1] ?? '').split(','))
        .map((s) =>
          s
            .trim()
            .split(/\s+as\s+/)
            .pop(),
        ),
    );
  const expectExports = (what: string, source: string, names: string[]) => {
    const have = exported(source);
    const missing = names.filter((name) => !have.has(name));
    assert.deepEqual(missing, [], broke(`${what} no longer exports ${missing.join(', ')}`, FORK, SECTION));
  };
  expectExports(
    '@docusaurus/theme-search-algolia/client',
    packageFile('@docusaurus/theme-search-algolia', 'lib/client/index.js'),
    ['mergeFacetFilters', 'useAlgoliaContextualFacetFilters', 'useSearchResultUrlProcessor'],
  );
  expectExports('@docusaurus/theme-common', packageFile('@docusaurus/theme-common', 'lib/index.js'), [
    'isRegexpStringMatch',
    'useSearchLinkCreator',
  ]);
  expectExports('@docsearch/react (dist/esm)', packageFile('@docsearch/react', 'dist/esm/index.js'), [
    'DocSearchButton',
    'DocSearchModal',
    'useDocSearchKeyboardEvents',
  ]);

  // DocSearch 3 has no `@docsearch/react/useDocSearchKeyboardEvents` file: the theme aliases it.
  assert.match(
    packageFile('@docusaurus/theme-search-algolia', 'lib/index.js'),
    /'@docsearch\/react\/useDocSearchKeyboardEvents': docSearchV3Entry/,
    broke(
      "theme-search-algolia no longer aliases '@docsearch/react/useDocSearchKeyboardEvents' for DocSearch 3",
      FORK,
      SECTION,
    ),
  );
});

/**
 * What our DocSearchButton changes on purpose (docsearch-button.tsx): DocSearch's aria-label
 * "Search (Ctrl+K)" goes, the key caps are hidden from assistive technology, and the shortcut is
 * given as aria-keyshortcuts and a hidden description. Taken out of both renderings, with each
 * tag's attributes in one order, what is left must be the same markup.
 */
function withoutNaming(markup: string): string {
  return markup
    .replace(/ aria-label="[^"]* \((?:Ctrl|Command)\+K\)"/g, '')
    .replace(/ aria-keyshortcuts="Control\+K Meta\+K"| aria-describedby="[^"]*"/g, '')
    .replace(/(<span class="DocSearch-Button-Keys") aria-hidden="true"/g, '$1')
    .replace(/<span id="[^"]*" hidden="">(?:Ctrl|Command)\+K<\/span>/g, '')
    .replace(/<(\w+)((?: [\w-]+="[^"]*")*)>/g, (_tag, name: string, attributes: string) => {
      const sorted = (attributes.match(/ [\w-]+="[^"]*"/g) ?? []).sort().join('');
      return `<${name}${sorted}>`;
    });
}

test('UPGRADE Forked SearchBar: our copy of DocSearchButton renders what the package renders, named by its visible text', async () => {
  const React = await import('react');
  const { createElement } = React;
  const { renderToStaticMarkup } = await import('react-dom/server');
  // tsx compiles TSX loaded in a test with the classic runtime (React.createElement), unlike the
  // site's bundler: give it the global it expects.
  (globalThis as { React?: unknown }).React = React;
  // The package's UMD build (its `main`), made from the same source as the ES build the modal uses.
  const docsearch = (await import('@docsearch/react')) as unknown as { default: typeof import('@docsearch/react') };
  const upstream = docsearch.default.DocSearchButton;
  const ours = (await import('../docsearch-button')).DocSearchButton;
  const cases = [
    {},
    { translations: { buttonText: 'Search', buttonAriaLabel: 'Search' } },
    { translations: { buttonText: 'Find', buttonAriaLabel: 'Find in the docs' }, id: 'x', 'aria-label': 'Own label' },
  ];
  const markup = (component: unknown, props: object) =>
    renderToStaticMarkup(createElement(component as never, props as never));
  for (const props of cases) {
    assert.equal(
      withoutNaming(markup(ours, props)),
      withoutNaming(markup(upstream, props)),
      broke(
        `DocSearchButton renders differently for ${JSON.stringify(props)}`,
        'site/src/theme/SearchBar/docsearch-button.tsx',
        SECTION,
      ),
    );
  }
  const button = markup(ours, {});
  assert.match(button, /class="DocSearch DocSearch-Button"/);
  // Named by its visible text: no aria-label; the shortcut is described, and not read as text.
  assert.doesNotMatch(button, /aria-label=/);
  assert.match(button, /aria-keyshortcuts="Control\+K Meta\+K"/);
  const described = /aria-describedby="([^"]+)"/.exec(button)?.[1];
  assert.ok(described && button.includes(`<span id="${described}" hidden="">Ctrl+K</span>`), button);
  assert.match(button, /<span class="DocSearch-Button-Keys" aria-hidden="true">/);
});
