import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  buildFiles,
  isPageFile,
  markdownFileOf,
  markdownPathOf,
  normalisePath,
  onpremVariantOf,
  pageFileOf,
  ROLES,
  resolveTarget,
  routeLevel,
  routeOf,
  routeOfPageFile,
  routeOfPermalink,
  sitePath,
  type Target,
  targetLevel,
} from '../src/index.ts';

/** The one path model: every spelling the gate may receive, and what it designates. */

test('normalisePath: decode once, backslashes are slashes, dot segments never climb above the root', () => {
  const cases: [string, string | null][] = [
    ['/', '/'],
    ['', '/'],
    ['/a/./b', '/a/b'],
    ['/a/../b/', '/b/'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['//a///b//', '/a/b/'],
    ['/a%2Fb', '/a/b'],
    ['/a%2f..%2fb', '/b'],
    ['/%2e%2e/%2e%2e/x', '/x'],
    ['\\a\\b\\', '/a/b/'],
    ['/a%5c..%5cb', '/b'],
    ['/%252e%252e/x', '/%2e%2e/x'],
    ['/caf%C3%A9/', '/café/'],
    ['/%E0%A4%A', null],
    ['/a%00b', null],
    ['/a\u0000b', null],
  ];
  for (const [raw, expected] of cases) assert.equal(normalisePath(raw), expected, JSON.stringify(raw));
});

test('route ↔ page file, both ways', () => {
  const cases: [string, string][] = [
    ['/', 'index.html'],
    ['/studio/build/', 'studio/build/index.html'],
    ['/Login/', 'Login/index.html'],
    ['/on-prem/category/common/', 'on-prem/category/common/index.html'],
  ];
  for (const [route, file] of cases) {
    assert.equal(pageFileOf(route), file, route);
    assert.equal(routeOfPageFile(file), route, file);
  }
  assert.equal(pageFileOf('/studio/build'), 'studio/build/index.html', 'a route without its trailing slash');
  for (const [permalink, route] of [
    ['/studio/build', '/studio/build/'],
    ['/studio/build/', '/studio/build/'],
    ['/on-prem', '/on-prem/'],
    ['/', '/'],
  ]) {
    assert.equal(routeOfPermalink(permalink as string), route, permalink);
  }
  // A name that merely ends in "index.html" is no page: tooling that matched the suffix took it for one.
  for (const notPage of [
    '404.html',
    'assets/js/main.1a2b3c4d.js',
    'img/index.html.png',
    'sitemap.xml',
    'fooindex.html',
    'studio/buildindex.html',
    'index.md',
  ]) {
    assert.equal(isPageFile(notPage), false, notPage);
    assert.equal(routeOfPageFile(notPage), null, notPage);
  }
  assert.equal(isPageFile('index.html'), true);
  assert.equal(isPageFile('on-prem/overview/index.html'), true);
  assert.equal(markdownFileOf('/'), 'index.md');
  assert.equal(markdownFileOf('/studio/build/'), 'studio/build/index.md');
});

const files = buildFiles([
  'index.html',
  '404.html',
  'studio/build/index.html',
  'on-prem/overview/index.html',
  'assets/js/main.0123abcd.js',
  'img/Logo.svg',
  'files/report.html',
  'index.md',
  'studio/build/index.md',
  'on-prem/overview/index.md',
]);

test('resolveTarget: every spelling of a page, a file, an alias, or nothing', () => {
  const page = (file: string, canonicalPath: string): Target => ({ kind: 'file', file, canonicalPath, isPage: true });
  const asset = (file: string): Target => ({ kind: 'file', file, canonicalPath: `/${file}`, isPage: false });
  const cases: [string, Target][] = [
    ['/', page('index.html', '/')],
    ['/index.html', page('index.html', '/')],
    ['/studio/build/', page('studio/build/index.html', '/studio/build/')],
    ['/studio/build', page('studio/build/index.html', '/studio/build/')],
    ['/studio/build.html', page('studio/build/index.html', '/studio/build/')],
    ['/studio/build/index.html', page('studio/build/index.html', '/studio/build/')],
    ['/Studio/BUILD/', page('studio/build/index.html', '/studio/build/')],
    ['/studio//build/./', page('studio/build/index.html', '/studio/build/')],
    ['/x/../on-prem/overview/', page('on-prem/overview/index.html', '/on-prem/overview/')],
    ['/on-prem%2Foverview/', page('on-prem/overview/index.html', '/on-prem/overview/')],
    ['/ON-PREM/Overview', page('on-prem/overview/index.html', '/on-prem/overview/')],
    ['/assets/js/main.0123abcd.js', asset('assets/js/main.0123abcd.js')],
    ['/ASSETS/JS/MAIN.0123ABCD.JS', asset('assets/js/main.0123abcd.js')],
    ['/img/logo.svg', asset('img/Logo.svg')],
    ['/category/common/', { kind: 'alias', canonicalPath: '/on-prem/category/common/' }],
    ['/Category/Common', { kind: 'alias', canonicalPath: '/on-prem/category/common/' }],
    ['/a/../category/oauth2/', { kind: 'alias', canonicalPath: '/on-prem/category/oauth2/' }],
    // 404.html and other .html files are not pages: never served by their own name.
    ['/404.html', { kind: 'unknown', canonicalPath: '/404.html', looksLikePage: true }],
    ['/files/report.html', { kind: 'unknown', canonicalPath: '/files/report.html', looksLikePage: true }],
    ['/no/such/page/', { kind: 'unknown', canonicalPath: '/no/such/page/', looksLikePage: true }],
    ['/no/such/page', { kind: 'unknown', canonicalPath: '/no/such/page', looksLikePage: true }],
    ['/no/such.js', { kind: 'unknown', canonicalPath: '/no/such.js', looksLikePage: false }],
    ['/.access-manifest.json', { kind: 'unknown', canonicalPath: '/.access-manifest.json', looksLikePage: false }],
    ['/%zz', { kind: 'malformed' }],
    // A page's Markdown: its file, and `/x.md` for `x/index.md`, served at that address.
    ['/studio/build/index.md', asset('studio/build/index.md')],
    [
      '/studio/build.md',
      { kind: 'file', file: 'studio/build/index.md', canonicalPath: '/studio/build.md', isPage: false },
    ],
    [
      '/Studio/Build.MD',
      { kind: 'file', file: 'studio/build/index.md', canonicalPath: '/studio/build.md', isPage: false },
    ],
    [
      '/x/../on-prem/overview.md',
      { kind: 'file', file: 'on-prem/overview/index.md', canonicalPath: '/on-prem/overview.md', isPage: false },
    ],
    ['/index.md', asset('index.md')],
    ['/no/such.md', { kind: 'unknown', canonicalPath: '/no/such.md', looksLikePage: false }],
  ];
  for (const [raw, expected] of cases) assert.deepEqual(resolveTarget(raw, files), expected, raw);
});

test('targetLevel: manifest level for files (unlisted: on-prem), public for aliases, reader for unknowns', () => {
  const levels: Record<string, 'public' | 'reader' | 'onprem'> = {
    'img/Logo.svg': 'public',
    'studio/build/index.html': 'reader',
    'on-prem/overview/index.html': 'onprem',
  };
  const levelOf = (raw: string) => {
    const target = resolveTarget(raw, buildFiles([...Object.keys(levels), 'unlisted.js']));
    assert.notEqual(target.kind, 'malformed');
    return targetLevel(target as Exclude<Target, { kind: 'malformed' }>, (file) => levels[file]);
  };
  assert.equal(levelOf('/img/LOGO.svg'), 'public');
  assert.equal(levelOf('/studio/build'), 'reader');
  assert.equal(levelOf('/On-Prem/Overview/index.html'), 'onprem');
  assert.equal(levelOf('/unlisted.js'), 'onprem');
  assert.equal(levelOf('/category/common/'), 'public');
  assert.equal(levelOf('/nothing/here/'), 'reader');
});

test('onpremVariantOf: an on-prem reader has an on-prem version of llms.txt, anyone else none', () => {
  const reader = { name: 'r', roles: [ROLES.reader] };
  const admin = { name: 'a', roles: [ROLES.reader, ROLES.onprem] };
  assert.equal(onpremVariantOf('llms.txt', admin), 'on-prem/llms.txt');
  assert.equal(onpremVariantOf('llms-full.txt', admin), 'on-prem/llms-full.txt');
  assert.equal(onpremVariantOf('llms.txt', reader), null);
  assert.equal(onpremVariantOf('llms.txt', null), null);
  assert.equal(onpremVariantOf('sitemap.xml', admin), null);
});

test('routeLevel follows aliases, as the gate does: the client sends a reader to /403/ before it navigates', () => {
  assert.equal(routeLevel('/category/common/'), 'onprem');
  assert.equal(routeLevel('/Category/Manager'), 'onprem');
  assert.equal(routeLevel('/on-prem/overview/'), 'onprem');
  assert.equal(routeLevel('/ON-PREM/overview/'), 'onprem');
  assert.equal(routeLevel('/Login/'), 'public');
  assert.equal(routeLevel('/category/entities/'), 'reader');
  assert.equal(routeOf('/docs/on-prem/x/', '/docs'), '/on-prem/x/');
  assert.equal(routeOf('/docsy/x/', '/docs'), '/docsy/x/');
});

test("markdownPathOf: a page's address gives its Markdown's, beside it, pages prefix kept", () => {
  const cases: [string, string, string][] = [
    ['/', '', '/index.md'],
    ['/studio/build/', '', '/studio/build/index.md'],
    ['/studio/build', '', '/studio/build/index.md'],
    ['/on-prem/overview/', '', '/on-prem/overview/index.md'],
    ['/docs/studio/build/', '/docs', '/docs/studio/build/index.md'],
    ['/docs/', '/docs', '/docs/index.md'],
    ['/studio/build/', '/docs', '/studio/build/index.md'],
    ['/docsy/x/', '/docs', '/docsy/x/index.md'],
  ];
  for (const [pathname, prefix, expected] of cases) {
    assert.equal(markdownPathOf(pathname, prefix), expected, `${pathname} (prefix '${prefix}')`);
    // The Copy page menu's mapping before it used the path model: the same address, always.
    assert.equal(markdownPathOf(pathname, prefix), `${pathname.replace(/\/?$/, '/')}index.md`, pathname);
  }
});

test('sitePath: a record URL of any origin becomes site-relative with its anchor', () => {
  assert.equal(sitePath('http://localhost:3000/studio/flows/#triggers'), '/studio/flows/#triggers');
  assert.equal(sitePath('/studio/flows/'), '/studio/flows/');
});
