import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { Highlight as UpstreamHighlight, Prism as UpstreamPrism } from 'prism-react-renderer';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { codeTheme } from '../../../../config/code-theme';
import { CONTENT_DIRS, markdownFiles, readPage } from '../../../../examples/scan';
import { Highlight, Prism } from '../client/prism-react-renderer';
import { HIGHLIGHTED_LANGUAGES, PLAIN_LANGUAGES } from '../languages';

const siteDir = path.resolve(import.meta.dirname, '../../../..');
const require = createRequire(import.meta.url);

// The bundles give the grammar files the core through ProvidePlugin (../index.ts); here they find
// it as the global they were written for.
(globalThis as { Prism?: unknown }).Prism = Prism;
require('../grammars/all');
delete (globalThis as { Prism?: unknown }).Prism;

/** Every fenced code block with a language in the hand-written docs (the examples check's parser). */
function docFences(): { file: string; language: string; code: string }[] {
  return CONTENT_DIRS.flatMap((dir) => markdownFiles(path.join(siteDir, dir)))
    .flatMap((file) => readPage(file).blocks)
    .map((block) => ({ file: path.relative(siteDir, block.file), language: block.language, code: block.text }));
}

/** The markup the theme's CodeBlock/Content builds from Highlight's render props. */
function codeBlock(HighlightComponent: typeof Highlight, language: string, code: string): string {
  return renderToStaticMarkup(
    createElement(HighlightComponent, {
      theme: codeTheme,
      language,
      code,
      // biome-ignore lint/correctness/noChildrenProp: Highlight's children is its render function, a prop like any other here.
      children: ({ className, style, tokens, getLineProps, getTokenProps }) =>
        createElement(
          'pre',
          { className, style },
          tokens.map(
            (line, i): ReactNode =>
              createElement(
                'span',
                { key: i, ...getLineProps({ line, className: 'theme-line' }) },
                line.map((token, j) => createElement('span', { key: j, ...getTokenProps({ token }) })),
              ),
          ),
        ),
    }),
  );
}

test('every code-fence language in the docs is either highlighted or listed as plain (a new language is a deliberate choice)', () => {
  const known = new Set<string>([...HIGHLIGHTED_LANGUAGES, ...PLAIN_LANGUAGES]);
  const unknown = docFences().filter((fence) => !known.has(fence.language.toLowerCase()));
  assert.deepEqual(
    unknown.map((fence) => `${fence.file}: \`\`\`${fence.language}`),
    [],
    'add the language to plugins/performance/code-highlight/languages.ts (and its grammar to a group in grammars/)',
  );
});

test('the portal Prism has a grammar for every highlighted language, and plain ones come out as plain text', () => {
  for (const language of HIGHLIGHTED_LANGUAGES) assert.ok(Prism.languages[language], `no grammar for ${language}`);
  for (const language of PLAIN_LANGUAGES) {
    const classes = new Set(codeBlock(Highlight, language, 'SELECT x FROM y -- "z" 1').match(/class="[^"]*"/g));
    assert.deepEqual(
      [...classes].sort(),
      ['class="prism-code language-' + language + '"', 'class="token plain"', 'class="token-line theme-line"'].sort(),
      language,
    );
  }
  // Only what the docs use: prism-react-renderer's own Prism holds many more.
  assert.equal(Prism.languages.kotlin, undefined);
  assert.ok(UpstreamPrism.languages.kotlin);
});

test('UPGRADE prism-react-renderer alias: our Highlight renders the docs code blocks exactly as prism-react-renderer does', () => {
  // The upstream Prism, given the same grammars the theme's prism-include-languages would add:
  // the component files are evaluated against it (their module copies already went to ours).
  for (const component of ['bash', 'groovy', 'http']) {
    const source = readFileSync(require.resolve(`prismjs/components/prism-${component}.js`), 'utf8');
    new Function('Prism', source)(UpstreamPrism);
  }
  const fences = docFences().filter((fence) => (HIGHLIGHTED_LANGUAGES as readonly string[]).includes(fence.language));
  const languages = new Set(fences.map((fence) => fence.language));
  assert.ok(languages.size >= 5, `only ${[...languages]} in the docs`);
  let compared = 0;
  for (const fence of fences) {
    const ours = codeBlock(Highlight, fence.language, fence.code);
    const upstream = codeBlock(UpstreamHighlight as unknown as typeof Highlight, fence.language, fence.code);
    assert.equal(
      ours,
      upstream,
      `${fence.file} (${fence.language}): our code block differs from prism-react-renderer's; see docs/upgrading.md, "prism-react-renderer alias"`,
    );
    compared++;
  }
  // The comparison is about tokens, so it must see some: a keyword in bash, a key in JSON.
  assert.match(codeBlock(Highlight, 'bash', 'curl -X POST "$URL"'), /class="token function"[^>]*>curl</);
  assert.match(codeBlock(Highlight, 'json', '{"a": 1}'), /class="token property"/);
  assert.match(codeBlock(Highlight, 'tql', 'SELECT 1'), /class="token plain"[^>]*>SELECT 1</);
  assert.ok(compared >= 50, `compared ${compared} code blocks`);
});
