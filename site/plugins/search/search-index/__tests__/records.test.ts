import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordsOfPage } from '../records';

const HTML = `<!doctype html><html><head>
<meta name="docusaurus_tag" content="docs-default-current"><meta name="docsearch:language" content="en"></head>
<body><nav><a class="menu__link menu__link--sublist menu__link--active" href="/category/studio/">Tala Studio</a></nav>
<article><nav aria-label="Breadcrumbs">Home Build</nav>
<header><h1>Build a solution</h1></header>
<p>A bot in Tala is a <b>solution</b>.</p>
<h2 id="flows">Flows<a class="hash-link" href="#flows">#</a></h2>
<p>A flow is a dialogue unit.</p>
<pre><code>def ignored = true</code></pre>
<ul><li><p>Triggers start flows.</p></li></ul>
<h3 id="triggers">Triggers</h3>
<table><tr><td>Intent trigger</td></tr></table>
<h2 id="entities">Entities</h2>
</article></body></html>`;

test('records follow the DocSearch hierarchy: lvl0 section, lvl1 title, headings, content with anchors', () => {
  const records = recordsOfPage({ html: HTML, url: 'http://portal/studio/build/', access: 'reader' });
  assert.deepEqual(
    records.map((r) => [r.type, r.content ?? r.hierarchy[r.type as 'lvl1'], r.url]),
    [
      ['lvl1', 'Build a solution', 'http://portal/studio/build/'],
      ['content', 'A bot in Tala is a solution.', 'http://portal/studio/build/'],
      ['lvl2', 'Flows', 'http://portal/studio/build/#flows'],
      ['content', 'A flow is a dialogue unit.', 'http://portal/studio/build/#flows'],
      ['content', 'Triggers start flows.', 'http://portal/studio/build/#flows'],
      ['lvl3', 'Triggers', 'http://portal/studio/build/#triggers'],
      ['content', 'Intent trigger', 'http://portal/studio/build/#triggers'],
      ['lvl2', 'Entities', 'http://portal/studio/build/#entities'],
    ],
  );
  const last = records.at(-1);
  assert.equal(last?.hierarchy.lvl0, 'Tala Studio');
  assert.equal(last?.hierarchy.lvl3, null, 'a new lvl2 clears the deeper levels');
  assert.equal(records[6]?.hierarchy.lvl3, 'Triggers');
  assert.deepEqual(records[2]?.weight, { pageRank: 0, level: 90, position: 2 });
  assert.equal(records[0]?.docusaurus_tag, 'docs-default-current');
  assert.ok(records.every((r) => r.access === 'reader' && r.language === 'en'));
  assert.ok(!records.some((r) => (r.content ?? '').includes('ignored')), 'code is not indexed');
});

test('a page without an article (login, search, 404) gives no record', () => {
  assert.deepEqual(
    recordsOfPage({
      html: '<html><body><main><h1>Documentation</h1></main></body></html>',
      url: 'x',
      access: 'public',
    }),
    [],
  );
});

test('a category index gives its title and description, not the cards of other pages', () => {
  const html = `<html><body><main><header><h1>Build</h1><p>Create a solution.</p></header>
  <article><a class="card padding--lg cardContainer" href="/studio/build/"><h2>📄️ Build a solution</h2><p>A bot in Tala…</p></a></article></main></body></html>`;
  const records = recordsOfPage({ html, url: 'http://portal/category/build/', access: 'reader' });
  assert.deepEqual(
    records.map((r) => r.type),
    ['lvl1'],
  );
  assert.equal(records[0]?.hierarchy.lvl1, 'Build');
});

test("the page's front-matter keywords go on its title record only", () => {
  const html = HTML.replace('<head>', '<head><meta name="keywords" content="go live, undo a release,  ">');
  const records = recordsOfPage({ html, url: 'http://portal/studio/build/', access: 'reader' });
  assert.deepEqual(records[0]?.keywords, ['go live', 'undo a release']);
  assert.ok(records.slice(1).every((r) => !('keywords' in r)));
  const without = recordsOfPage({ html: HTML, url: 'http://portal/studio/build/', access: 'reader' });
  assert.ok(
    without.every((r) => !('keywords' in r)),
    'no keywords meta, no keywords field',
  );
});

test('RECORDS-ROWS a parameter table gives one record a parameter, tab labels none, and blocks do not run together', () => {
  const html = `<html><body><article><h1>Publish</h1>
<h2 id="path-parameters">Path parameters</h2>
<table data-search-rows=""><thead><tr><th>Name</th><th>Type</th><th>Description</th></tr></thead><tbody>
<tr id="p-solutionId"><td><a href="#p-solutionId"><code>solutionId</code></a> <span>required</span></td><td><code>string</code></td><td>Id of the solution.<ul><li>Pattern: <code>^sol-</code></li><li>Example: <code>sol-7f</code></li></ul></td></tr>
<tr><td><code>environment</code></td><td><code>string</code></td><td>Name of the environment.</td></tr>
</tbody></table>
<h2 id="example">Example request</h2>
<div><ul role="tablist"><li>curl</li><li>Python</li></ul><div role="tabpanel"><p>Run it.</p></div></div>
<table><tr><td>A cell</td><td>Another</td></tr></table>
</article></body></html>`;
  const records = recordsOfPage({ html, url: 'http://portal/op/', access: 'reader' });
  assert.deepEqual(
    records.filter((r) => r.type === 'content').map((r) => [r.content, r.anchor]),
    [
      ['solutionId required · string · Id of the solution. Pattern: ^sol- Example: sol-7f', 'path-parameters'],
      ['environment · string · Name of the environment.', 'path-parameters'],
      ['Run it.', 'example'],
      // Other tables keep a record a cell.
      ['A cell', 'example'],
      ['Another', 'example'],
    ],
  );
});
