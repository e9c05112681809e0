/**
 * The Markdown of the real build (site/build) against its HTML, page by page: what a conversion
 * loses shows up here (the output quality on tables, code blocks, admonitions).
 * Docusaurus's tabs are not used by any page today; a page that adds them is counted by the
 * "no HTML left" check.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ACCESS_MANIFEST_FILE, type AccessManifest, isPageFile, markdownFileOf, routeOfPageFile } from '@tala/policy';

const siteDir = path.resolve(import.meta.dirname, '../../../..');
const buildDir = path.join(siteDir, 'build');
const manifest: AccessManifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8'));
const read = (file: string) => readFileSync(path.join(buildDir, file), 'utf8');
const markdownOf = (pageFile: string) => markdownFileOf(routeOfPageFile(pageFile) as string);
/**
 * Every page with a documentation article, taken from the build's pages rather than from the
 * Markdown written: a page the converter skipped (a generated API page, an on-prem page) is
 * counted too.
 */
const docsPages = Object.keys(manifest.files)
  .filter(isPageFile)
  .filter((file) => read(file).includes('theme-doc-markdown'));
/** Each docs page with the Markdown written for it. */
const withMarkdown = docsPages
  .map((page) => ({ page, file: markdownOf(page) }))
  .filter(({ file }) => file in manifest.files);
/** The article, without what the converter leaves out on purpose (live widget previews). */
const articleOf = (html: string) =>
  (/<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '').replace(
    /<section[^>]*data-markdown="?omit[\s\S]*?<\/section>/g,
    '',
  );
const isApiPage = (html: string) =>
  html.includes('data-tala-generated="openapi"') || html.includes('data-tala-generated=openapi');
/** The page's title as its head states it (`<title>Build a solution | Tala Docs</title>`). */
const titleOf = (html: string) =>
  (/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
    .replace(/ \| Tala Docs$/, '')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '',
    );
/** Source files under the on-prem folder: written pages and generated API pages (`_` partials aside). */
const onPremSources = (ext: RegExp) =>
  readdirSync(path.join(siteDir, 'on-prem'), { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && ext.test(entry.name) && !entry.name.startsWith('_'),
  );

test('every docs page has Markdown titled like the page, at its level: on-prem and generated API pages included', () => {
  const problems: string[] = [];
  for (const page of docsPages) {
    const file = markdownOf(page);
    if (!(file in manifest.files)) {
      problems.push(`${file}: missing`);
      continue;
    }
    if (manifest.files[file] !== manifest.files[page]) {
      problems.push(`${file}: ${manifest.files[file]}, its page ${manifest.files[page]}`);
    }
    const heading = read(file).split('\n', 1)[0];
    const title = titleOf(read(page));
    if (title === '' || heading !== `# ${title}`) problems.push(`${file}: starts ${JSON.stringify(heading)}`);
  }
  assert.deepEqual(problems.slice(0, 15), []);
  assert.ok(withMarkdown.length > 400, `${withMarkdown.length} Markdown files`);
  // Checked: a page per on-prem source, the operation pages generated from the Manager API among them.
  const onPrem = docsPages.filter((page) => manifest.files[page] === 'onprem');
  assert.equal(onPrem.length, onPremSources(/\.mdx?$/).length, 'on-prem pages checked');
  assert.equal(
    onPrem.filter((page) => isApiPage(read(page))).length,
    onPremSources(/\.json$/).length,
    'generated on-prem operation pages checked',
  );
});

test('no Markdown without a docs page: every .md file of the build is the Markdown of one', () => {
  const written = Object.keys(manifest.files).filter((file) => file.endsWith('.md'));
  const expected = new Set(withMarkdown.map(({ file }) => file));
  assert.deepEqual(
    written.filter((file) => !expected.has(file)),
    [],
  );
});

test('guides keep every code block (with its language) and every table, and no HTML is left over', () => {
  const problems: string[] = [];
  let codeBlocks = 0;
  let tables = 0;
  for (const { page, file } of withMarkdown) {
    const html = read(page);
    const markdown = read(file);
    if (isApiPage(html)) continue;
    const article = articleOf(html);
    const htmlCode = (article.match(/class="?language-[\w-]+ codeBlockContainer/g) ?? []).length;
    // Blocks inside list items are indented.
    const fences = (markdown.match(/^ *```/gm) ?? []).length / 2;
    const htmlTables = (article.match(/<table/g) ?? []).length;
    const gfmTables = (markdown.match(/^ *\|(?: *:?-+:? *\|)+$/gm) ?? []).length;
    codeBlocks += htmlCode;
    tables += htmlTables;
    if (htmlCode !== fences) problems.push(`${file}: ${htmlCode} code blocks, ${fences} fences`);
    if (htmlTables !== gfmTables) problems.push(`${file}: ${htmlTables} tables, ${gfmTables} in Markdown`);
    // Outside code, no markup of the page is left (a tag the converter did not know).
    const prose = markdown.replace(/^ *```[\s\S]*?^ *```/gm, '').replace(/`[^`\n]+`/g, '');
    const tag = /<(div|span|details|summary|button|svg|section|br)\b/.exec(prose);
    if (tag) problems.push(`${file}: HTML left over: ${tag[0]}`);
    // Paragraphs stay apart: interactive markup mixed into a page once ran them together ("input.The").
    const merged = /[a-z]{2}[.:][A-Z][a-z]{2,}/.exec(prose.replace(/\]\([^)]*\)/g, ']'));
    if (merged) problems.push(`${file}: paragraphs run together at "${merged[0]}"`);
  }
  assert.ok(codeBlocks > 100 && tables > 100, `${codeBlocks} code blocks, ${tables} tables checked`);
  assert.deepEqual(problems.slice(0, 15), []);
});

test('API operation pages state method, path, every parameter and the example request in curl, JavaScript and Python', () => {
  let operations = 0;
  for (const { page, file } of withMarkdown) {
    const html = read(page);
    if (!isApiPage(html)) continue;
    operations += 1;
    const markdown = read(file);
    const endpoint = /<code class="?path[^>]*>([^<]+)<\/code>/.exec(html)?.[1];
    assert.ok(endpoint && markdown.includes(`${endpoint.replace(/&amp;/g, '&')}\``), `${file}: endpoint ${endpoint}`);
    for (const [, name] of html.matchAll(/id="?path-parameter-([\w-]+)/g)) {
      assert.ok(markdown.includes(`| \`${name}\` | path |`), `${file}: path parameter ${name}`);
    }
    assert.match(markdown, /^## Responses$/m, file);
    assert.match(markdown, /^```bash\n(jq -r?n .*\n)?curl --request [A-Z]+ /m, file);
    assert.match(
      markdown,
      /^```javascript\n(import \{ openAsBlob \} from 'node:fs';\n\nconst form = new FormData\(\);\n[^`]*)?const options = \{/m,
      file,
    );
    assert.match(markdown, /^```python\n(import os\n)?import requests\n/m, file);
  }
  assert.ok(operations > 250, `${operations} operation pages`);
});
