/**
 * The page pass reads each page once for three readers: what it makes of a page must be what each
 * reader makes of the page on its own (the Markdown converter, the access manifest's scan, the
 * search records), and the Markdown is written beside the page.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { scanHtml } from '../../access/manifest/html-scan';
import { pageMarkdown } from '../../content/page-markdown/convert';
import { recordsOfPage } from '../../search/search-index/records';
import { readPages } from '../page-pass';

const PAGE = `<!doctype html><html><head><meta name="description" content="How to build a solution.">
<meta name="keywords" content="build, solution"><script>window.x=1</script>
<link rel="stylesheet" href="/assets/css/styles.css"><script src="/assets/js/main.js" defer></script></head>
<body><nav class="navbar"><a class="navbar__item navbar__link navbar__link--active" href="/studio/">Studio</a></nav>
<article><div class="theme-doc-markdown markdown"><header><h1>Build a solution</h1></header>
<p>A <strong>solution</strong> holds <a href="../flows/">flows</a>.</p>
<h2 class="anchor" id="flows">Flows<a href="#flows" class="hash-link">\u200b</a></h2>
<ul><li>Triggers</li><li>Outputs</li></ul><img src="/img/flow.png" alt="A flow"></div></article>
<template><script src="/assets/js/late.js"></script></template></body></html>`;

const SITE_URL = 'https://docs.example.com';
const URL_OF_PAGE = `${SITE_URL}/studio/build/`;

test('the page pass: one parse gives the Markdown, scan and records each reader gives alone; the Markdown is written', async (t) => {
  const outDir = await mkdtemp(path.join(tmpdir(), 'page-pass-'));
  t.after(() => rm(outDir, { recursive: true, force: true }));
  await mkdir(path.join(outDir, 'studio/build'), { recursive: true });
  await writeFile(path.join(outDir, 'studio/build/index.html'), PAGE);
  await writeFile(path.join(outDir, '404.html'), '<html><body><main><h1>Not found</h1></main></body></html>');

  const [page, notFound] = await readPages(
    [
      {
        file: 'studio/build/index.html',
        markdown: { route: '/studio/build/', source: undefined },
        records: { url: URL_OF_PAGE, pageRank: 2 },
      },
      { file: '404.html', markdown: null, records: null },
    ],
    { outDir, siteUrl: SITE_URL },
  );

  const alone = pageMarkdown(PAGE, URL_OF_PAGE);
  assert.ok(alone);
  assert.deepEqual(page?.markdown?.page, { route: '/studio/build/', ...alone });
  assert.equal(await readFile(path.join(outDir, 'studio/build/index.md'), 'utf8'), alone.markdown);
  assert.match(alone.markdown, /^# Build a solution\n\n> How to build a solution\./);

  const scan = scanHtml(PAGE);
  assert.deepEqual(page?.scan, scan);
  // The template's script counts: it can be instantiated.
  assert.ok(scan.subresources.includes('/assets/js/late.js'));
  assert.equal(scan.inlineScriptHashes.length, 1);

  const records = recordsOfPage({ html: PAGE, url: URL_OF_PAGE, access: 'reader', pageRank: 2 });
  assert.ok(records.length >= 4);
  assert.deepEqual(
    page?.records,
    records.map(({ access: _, ...record }) => record),
  );

  // A page without a documentation article: scanned, no Markdown, no records asked for.
  assert.deepEqual(notFound, {
    scan: scanHtml('<html><body><main><h1>Not found</h1></main></body></html>'),
    markdown: null,
    records: null,
  });
});
