/**
 * Content checks on the real build, for every written page of routes.txt (generated category
 * indexes and generated API pages aside): enough body text, and no filler.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { pageFileOf } from '@tala/policy';
import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(siteDir, 'build');
const MIN_WORDS = 150;

const routes = readFileSync(path.resolve(siteDir, '../spec/routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/') && !line.includes('*'))
  .map((line) => line.split('\t')[0] as string)
  .filter((route) => !route.startsWith('/category/') && !route.includes('/category/'));

const classOf = (node: Node) => ('attrs' in node ? (node.attrs.find((a) => a.name === 'class')?.value ?? '') : '');

function findMarkdown(node: Node): Node | null {
  if (classOf(node).split(/\s+/).includes('theme-doc-markdown')) return node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) {
    const found = findMarkdown(child);
    if (found) return found;
  }
  return null;
}

/** Visible words of the Markdown body: no code blocks, no headings' anchor links, no navigation. */
function bodyWords(html: string): number {
  const body = findMarkdown(parse(html));
  if (!body) return 0;
  let text = '';
  const walk = (node: Node) => {
    if ('tagName' in node && ['pre', 'nav', 'script', 'style', 'svg'].includes(node.tagName)) return;
    if (node.nodeName === '#text' && 'value' in node) text += ` ${node.value}`;
    for (const child of 'childNodes' in node ? node.childNodes : []) walk(child);
  };
  walk(body);
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

const built = routes.filter((route) => existsSync(path.join(buildDir, pageFileOf(route))));

test('every written page of routes.txt has at least 150 words of body text', () => {
  const thin: string[] = [];
  for (const route of built) {
    const html = readFileSync(path.join(buildDir, pageFileOf(route)), 'utf8');
    if (!html.includes('theme-doc-markdown')) continue; // not a Markdown page (login, 403, search)
    if (html.includes('data-tala-generated')) continue; // generated from OpenAPI
    const words = bodyWords(html);
    if (words < MIN_WORDS) thin.push(`${route}: ${words} words`);
  }
  assert.ok(built.filter((route) => route !== '/').length > 10);
  assert.deepEqual(thin, []);
});

test('no content file reads like filler or a placeholder', () => {
  const filler = /lorem ipsum|coming soon|\bTODO\b|\bTBD\b|placeholder text|to be written/i;
  const offenders: string[] = [];
  for (const dir of ['docs', 'on-prem']) {
    for (const entry of readdirSync(path.join(siteDir, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.mdx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (filler.test(readFileSync(file, 'utf8'))) offenders.push(path.relative(siteDir, file));
    }
  }
  assert.deepEqual(offenders, []);
});
