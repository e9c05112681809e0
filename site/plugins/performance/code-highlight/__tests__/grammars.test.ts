import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { CONTENT_DIRS, markdownFiles, readPage } from '../../../../examples/scan';
import type { Prism } from '../client/prism-react-renderer';
import { groupImports } from '../index';
import { GRAMMAR_GROUP, type GrammarGroup, grammarGroupOf, HIGHLIGHTED_LANGUAGES } from '../languages';
import remarkGrammarImports from '../remark';

const siteDir = path.resolve(import.meta.dirname, '../../../..');
const require = createRequire(import.meta.url);

type PrismLike = typeof Prism;

/** A Prism core of its own, as a page gets it before any grammar: Prism's core file, evaluated afresh. */
function freshCore(): PrismLike {
  const source = readFileSync(require.resolve('prismjs/components/prism-core.js'), 'utf8');
  return new Function('module', 'global', `${source}\nreturn Prism;`)({ exports: {} }, {}) as PrismLike;
}

/** Loads a group into `prism` as the bundle does: its imports in order, each file once. */
function loadGroup(prism: PrismLike, group: string, loaded = new Set<string>()): void {
  for (const key of groupImports(siteDir, group)) {
    if (loaded.has(key)) continue;
    loaded.add(key);
    if (key.startsWith('./')) loadGroup(prism, key.slice(2), loaded);
    else new Function('Prism', readFileSync(require.resolve(`${key}.js`), 'utf8'))(prism);
  }
}

const fences = CONTENT_DIRS.flatMap((dir) => markdownFiles(path.join(siteDir, dir)))
  .flatMap((file) => readPage(file).blocks)
  .filter((block) => grammarGroupOf(block.language));

test('grammar groups load in any order: each, alone or after another, highlights its languages exactly as all together (a page needs only its own)', () => {
  const all = freshCore();
  loadGroup(all, 'all');
  const groups = [...new Set(Object.values(GRAMMAR_GROUP))];
  const languagesOf = (group: string) => HIGHLIGHTED_LANGUAGES.filter((language) => GRAMMAR_GROUP[language] === group);
  let compared = 0;
  for (const first of groups) {
    for (const second of [null, ...groups.filter((group) => group !== first)]) {
      const prism = freshCore();
      const loaded = new Set<string>();
      loadGroup(prism, first, loaded);
      if (second) loadGroup(prism, second, loaded);
      const languages = [...languagesOf(first), ...(second ? languagesOf(second) : [])];
      for (const language of languages) assert.ok(prism.languages[language], `${first}, ${second}: no ${language}`);
      for (const fence of fences.filter((f) => languages.includes(f.language.toLowerCase() as never))) {
        const language = fence.language.toLowerCase();
        const tokens = (p: PrismLike) => JSON.stringify(p.tokenize(fence.text, p.languages[language] as Prism.Grammar));
        assert.equal(
          tokens(prism),
          tokens(all),
          `${path.relative(siteDir, fence.file)} (${language}) after loading ${first}${second ? ` then ${second}` : ''}`,
        );
        compared++;
      }
    }
  }
  assert.ok(compared >= 300, `compared ${compared} code blocks`);
  // The groups stay apart: yaml alone has no JavaScript.
  const yaml = freshCore();
  loadGroup(yaml, 'yaml');
  assert.equal(yaml.languages.javascript, undefined);
});

test('a page imports the grammar groups of its code blocks, once each, and none for plain or unknown languages', async () => {
  const source = [
    '# Page',
    '```yaml\na: 1\n```',
    '```bash title="run"\nls\n```',
    '```yml\nb: 2\n```',
    '```tql\nSELECT 1\n```',
    '```\nno language\n```',
    '```cobol\nDISPLAY 1.\n```',
    // Blocks nested in flow containers: a list item, a quote, a component (Tabs' shape).
    '- Step:\n\n  ```python\n  print(1)\n  ```',
    '> Quoted:\n>\n> ```json\n> {}\n> ```',
    '<div>\n\n```http\nGET / HTTP/1.1\n```\n\n</div>',
  ].join('\n\n');
  // ESM only: loaded the way Docusaurus's MDX loader loads it.
  const { compile } = await import('@mdx-js/mdx');
  const output = String(await compile(source, { remarkPlugins: [remarkGrammarImports] }));
  const imports = [...output.matchAll(/^import ['"]([^'"]+)['"];$/gm)].map((m) => m[1]);
  const group = (name: GrammarGroup) => `@site/plugins/performance/code-highlight/grammars/${name}`;
  assert.deepEqual(imports, [group('bash'), group('http'), group('json'), group('python'), group('yaml')]);
  const plain = String(await compile('Text only.\n\n```tql\nX\n```', { remarkPlugins: [remarkGrammarImports] }));
  assert.doesNotMatch(plain, /code-highlight\/grammars/);
});
