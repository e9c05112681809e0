import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OperationData } from '../../../../openapi/components/types';
import { requestSnippets } from '../../../../openapi/scripts/snippets';
import { pageMarkdown } from '../convert';

/** The markup Docusaurus 3.10 emits for a docs page, trimmed to what the converter reads. */
const page = (article: string, description = 'How to build a solution.') => `<!doctype html><html><head>
<meta name="description" content="${description}"></head><body>
<nav class="navbar">Navbar text</nav>
<article><nav class="theme-doc-breadcrumbs">Home › Build</nav>
<div class="tocCollapsible_wXna theme-doc-toc-mobile"><button type="button">On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Build a solution</h1></header>${article}</div>
<footer class="theme-doc-footer">Edit this page</footer></article></body></html>`;

const URL_OF_PAGE = 'https://docs.example.com/studio/build/';

test('a page becomes Markdown: title, description, source, body; navigation and chrome left out', () => {
  const result = pageMarkdown(
    page(`<p>A <strong>solution</strong> holds <a href="../flows/">flows</a>.</p>
<h2 class="anchor" id="flows">Flows<a href="#flows" class="hash-link" aria-label="Direct link to Flows">\u200b</a></h2>
<ul><li>Triggers</li><li>Outputs</li></ul>`),
    URL_OF_PAGE,
  );
  assert.equal(
    result?.markdown,
    [
      '# Build a solution',
      '> How to build a solution.',
      'Source: https://docs.example.com/studio/build/',
      'A **solution** holds [flows](https://docs.example.com/studio/flows/).',
      '## Flows',
      '- Triggers\n- Outputs\n',
    ].join('\n\n'),
  );
  assert.equal(result?.title, 'Build a solution');
  assert.doesNotMatch(result?.markdown ?? '', /Navbar|Home ›|On this page|Edit this page|Direct link/);
});

test('the description is not repeated when the page opens with it (Docusaurus derives it from there)', () => {
  const result = pageMarkdown(page('<p>How to build a solution. More text.</p>'), URL_OF_PAGE);
  assert.doesNotMatch(result?.markdown ?? '', /^> /m);
});

test('Docusaurus code blocks keep language, title and lines; admonitions become quotes with their kind', () => {
  const code = `<div class="language-tql codeBlockContainer_x theme-code-block"><div class="codeBlockTitle_kY6l">Weekly sessions</div>
<div class="codeBlockContent_t"><pre tabindex="0" class="prism-code language-tql"><code class="codeBlockLines_A">
<div class="token-line"><span class="token keyword">listall</span><span> s.id</span><br></div><div class="token-line"><span>from s in sessions</span><br></div>
</code></pre><div class="buttonGroup"><button type="button" aria-label="Copy code to clipboard">Copy</button></div></div></div>
<div class="theme-admonition theme-admonition-warning admonition_x alert alert--warning"><div class="admonitionHeading_x"><span class="admonitionIcon_x"><svg></svg></span>Warning</div>
<div class="admonitionContent_x"><p>Publishing replaces the live version.</p></div></div>`;
  const markdown = pageMarkdown(page(code), URL_OF_PAGE)?.markdown ?? '';
  assert.match(markdown, /```tql title="Weekly sessions"\nlistall s\.id\nfrom s in sessions\n```/);
  assert.match(markdown, /> \*\*Warning:\*\* Publishing replaces the live version\./);
  assert.doesNotMatch(markdown, /Copy/);
});

test('tables are GFM tables; widget previews marked data-markdown="omit" are left out', () => {
  const markdown =
    pageMarkdown(
      page(`<table><thead><tr><th>Field</th><th>Type</th></tr></thead><tbody><tr><td><code>cards</code></td><td>array</td></tr></tbody></table>
<section data-markdown="omit" aria-label="Widget preview"><h4>Margherita</h4></section>`),
      URL_OF_PAGE,
    )?.markdown ?? '';
  assert.match(markdown, /\| Field +\| Type +\|\n\| -+ \| -+ \|\n\| `cards` \| array +\|/);
  assert.doesNotMatch(markdown, /Margherita/);
});

test('pages without a documentation article (login screen, 403, search) have no Markdown', () => {
  assert.equal(pageMarkdown('<html><body><main><h1>Sign in</h1></main></body></html>', URL_OF_PAGE), null);
});

const FIELDS: Omit<OperationData, 'snippets'> = {
  api: 'studio',
  method: 'POST',
  path: '/solutions/{solutionId}/publish',
  serverUrl: 'https://studio.tala.example/studio/v8',
  operationId: 'publishSolution',
  summary: 'Publish a solution',
  deprecated: false,
  authentication: ['`X-Tala-Session` header: The session id.'],
  parameters: [
    {
      name: 'solutionId',
      in: 'path',
      required: true,
      deprecated: false,
      description: 'Id of the solution; a | b.',
      schema: { constraints: [], type: 'string', pattern: '^sol-[a-z0-9]+$' },
    },
  ],
  requestBody: {
    required: true,
    contentType: 'application/json',
    schema: {
      constraints: [],
      title: 'PublishRequest',
      type: 'object',
      properties: [
        { name: 'comment', required: false, schema: { constraints: ['max length 500'], type: 'string' } },
        { name: 'version', required: true, schema: { constraints: ['minimum 1'], type: 'integer' } },
      ],
    },
    example: { version: 45 },
  },
  responses: [
    {
      status: '400',
      description: 'Invalid.',
      contentType: 'application/json',
      schema: { constraints: [], title: 'Error', type: 'object', properties: [] },
      example: { error: 'x' },
    },
    {
      status: '404',
      description: 'Not found.',
      contentType: 'application/json',
      schema: { constraints: [], title: 'Error', type: 'object', properties: [] },
      example: null,
    },
  ],
};
const OPERATION: OperationData = {
  ...FIELDS,
  snippets: requestSnippets(FIELDS),
};

test('an API operation page is written from its page data: endpoint, parameters, body, responses, example requests', () => {
  const html = page(`<div data-tala-generated="openapi"><p>POST<code>/solutions/{solutionId}/publish</code></p></div>
<p>Publishes the solution.</p><h2 id="authentication">Authentication</h2><p>HTML version of the reference</p>`);
  const markdown = pageMarkdown(html, URL_OF_PAGE, OPERATION)?.markdown ?? '';
  assert.match(
    markdown,
    /`POST \/solutions\/\{solutionId\}\/publish`\n\nServer: `https:\/\/studio\.tala\.example\/studio\/v8` · operation id `publishSolution`/,
  );
  assert.match(markdown, /Publishes the solution\./);
  assert.doesNotMatch(markdown, /HTML version of the reference|POST`/);
  assert.match(
    markdown,
    /\| `solutionId` \| path \| string \| yes \| Id of the solution; a \\\| b\. Pattern: `\^sol-\[a-z0-9\]\+\$`\. \|/,
  );
  assert.match(markdown, /- `comment` \(string\): Max length 500\.\n- `version` \(integer, required\): Minimum 1\./);
  assert.match(markdown, /```json\n\{\n {2}"version": 45\n\}\n```/);
  assert.match(
    markdown,
    /### 404\n\nNot found\.\n\n`application\/json`\n\nBody: `Error` object\.\n\nFields as in the 400 response\./,
  );
  assert.match(
    markdown,
    /```bash\ncurl --request POST \\\n {2}--url https:\/\/studio\.tala\.example\/studio\/v8\/solutions\/\{solutionId\}\/publish \\\n[^`]*--header "X-Tala-Session: \$\{TALA_SESSION_ID\}"/,
  );
  assert.match(markdown, /```javascript\nconst options = \{\n {2}method: 'POST'/);
  assert.match(markdown, /```python\nimport os\nimport requests\n/);
});
