/**
 * The server's one access decision (access/open.ts), pinned as a table: every kind of path a
 * request can name, for each kind of identity. The gate, the MCP tools and search all ask it, so a
 * change here is a change everywhere content leaves the server.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Identity } from '@tala/policy';
import { loadManifest } from '../src/access/manifest.ts';
import { accessDecision } from '../src/access/open.ts';
import { makeBuildDir, ONPREM_ADMIN, READER } from './helper.ts';

type Who = 'anonymous' | 'reader' | 'onprem';
const IDENTITIES: Record<Who, Identity | null> = { anonymous: null, reader: READER, onprem: ONPREM_ADMIN };

interface Row {
  path: string;
  kind: 'file' | 'alias' | 'unknown' | 'malformed';
  level?: string;
  /** Who may have it. */
  allowed?: Who[];
  /** The file sent, per identity when it differs (the llms variant). */
  file?: string | null | Partial<Record<Who, string>>;
  isPage?: boolean;
}

const EVERYONE: Who[] = ['anonymous', 'reader', 'onprem'];
const SIGNED_IN: Who[] = ['reader', 'onprem'];
const ONPREM: Who[] = ['onprem'];

const TABLE: Row[] = [
  // pages, in any spelling the path model accepts
  {
    path: '/studio/build/',
    kind: 'file',
    level: 'reader',
    allowed: SIGNED_IN,
    file: 'studio/build/index.html',
    isPage: true,
  },
  {
    path: '/Studio//build/../build',
    kind: 'file',
    level: 'reader',
    allowed: SIGNED_IN,
    file: 'studio/build/index.html',
    isPage: true,
  },
  {
    path: '/studio/build/index.html',
    kind: 'file',
    level: 'reader',
    allowed: SIGNED_IN,
    file: 'studio/build/index.html',
    isPage: true,
  },
  {
    path: '/on-prem/overview/',
    kind: 'file',
    level: 'onprem',
    allowed: ONPREM,
    file: 'on-prem/overview/index.html',
    isPage: true,
  },
  {
    path: '/ON-PREM/Overview.html',
    kind: 'file',
    level: 'onprem',
    allowed: ONPREM,
    file: 'on-prem/overview/index.html',
    isPage: true,
  },
  { path: '/Login/', kind: 'file', level: 'public', allowed: EVERYONE, file: 'Login/index.html', isPage: true },
  // chunks and images
  {
    path: '/assets/js/main.0123abcd.js',
    kind: 'file',
    level: 'public',
    allowed: EVERYONE,
    file: 'assets/js/main.0123abcd.js',
    isPage: false,
  },
  {
    path: '/assets/js/doc.89abcdef.js',
    kind: 'file',
    level: 'reader',
    allowed: SIGNED_IN,
    file: 'assets/js/doc.89abcdef.js',
    isPage: false,
  },
  {
    path: '/assets/js/onprem.fedcba98.js',
    kind: 'file',
    level: 'onprem',
    allowed: ONPREM,
    file: 'assets/js/onprem.fedcba98.js',
    isPage: false,
  },
  { path: '/img/logo.svg', kind: 'file', level: 'public', allowed: EVERYONE, file: 'img/logo.svg', isPage: false },
  // Markdown, both spellings
  {
    path: '/studio/build/index.md',
    kind: 'file',
    level: 'reader',
    allowed: SIGNED_IN,
    file: 'studio/build/index.md',
    isPage: false,
  },
  {
    path: '/studio/build.md',
    kind: 'file',
    level: 'reader',
    allowed: SIGNED_IN,
    file: 'studio/build/index.md',
    isPage: false,
  },
  {
    path: '/on-prem/overview.md',
    kind: 'file',
    level: 'onprem',
    allowed: ONPREM,
    file: 'on-prem/overview/index.md',
    isPage: false,
  },
  // the llms variant: an on-prem reader gets the on-prem version, checked on its own level
  {
    path: '/llms.txt',
    kind: 'file',
    level: 'reader',
    allowed: SIGNED_IN,
    file: { anonymous: 'llms.txt', reader: 'llms.txt', onprem: 'on-prem/llms.txt' },
    isPage: false,
  },
  {
    path: '/on-prem/llms.txt',
    kind: 'file',
    level: 'onprem',
    allowed: ONPREM,
    file: 'on-prem/llms.txt',
    isPage: false,
  },
  // an alias answers 301 to anyone: its target is decided when asked for
  { path: '/category/common/', kind: 'alias', level: 'public', allowed: EVERYONE, file: null, isPage: true },
  // unknown: a signed-in reader's 404, never an anonymous visitor's hint of what exists
  { path: '/no/such/page/', kind: 'unknown', level: 'reader', allowed: SIGNED_IN, file: null, isPage: true },
  {
    path: '/assets/js/nothing.0000aaaa.js',
    kind: 'unknown',
    level: 'reader',
    allowed: SIGNED_IN,
    file: null,
    isPage: false,
  },
  // on disk but not in the manifest: never served
  {
    path: '/assets/js/unlisted.11111111.js',
    kind: 'unknown',
    level: 'reader',
    allowed: SIGNED_IN,
    file: null,
    isPage: false,
  },
  { path: '/%E0%A4%A', kind: 'malformed' },
  { path: '/a/%00/b', kind: 'malformed' },
];

test('one access decision: every path kind for every identity', async (t) => {
  const access = accessDecision(await loadManifest(makeBuildDir(t)));
  for (const row of TABLE) {
    for (const [who, identity] of Object.entries(IDENTITIES) as [Who, Identity | null][]) {
      const opened = access.open(identity, row.path);
      const where = `${row.path} as ${who}`;
      assert.equal(opened.kind, row.kind, where);
      if (opened.kind === 'malformed') continue;
      const file = typeof row.file === 'object' && row.file !== null ? row.file[who] : row.file;
      assert.deepEqual(
        { level: opened.level, allowed: opened.allowed, file: opened.file, isPage: opened.isPage },
        { level: row.level, allowed: row.allowed?.includes(who), file, isPage: row.isPage },
        where,
      );
      assert.equal(opened.variant, row.path === '/llms.txt' && who === 'onprem', where);
    }
  }
});

test('one access decision: the Markdown of a page or Markdown path, decided on its own level', async (t) => {
  const access = accessDecision(await loadManifest(makeBuildDir(t)));
  const cases: [string, string | null, Who[]][] = [
    ['/studio/build/', 'studio/build/index.md', SIGNED_IN],
    ['/studio/build.md', 'studio/build/index.md', SIGNED_IN],
    ['/on-prem/overview/', 'on-prem/overview/index.md', ONPREM],
    ['/on-prem/category/common/', null, []],
    ['/assets/js/doc.89abcdef.js', null, []],
    ['/no/such/page/', null, []],
  ];
  for (const [path, file, allowed] of cases) {
    for (const [who, identity] of Object.entries(IDENTITIES) as [Who, Identity | null][]) {
      const markdown = access.openMarkdown(identity, path);
      assert.equal(markdown?.file ?? null, file, `${path} as ${who}`);
      if (markdown) assert.equal(markdown.allowed, allowed.includes(who), `${path} as ${who}`);
    }
  }
  assert.deepEqual(access.levels(null), ['public']);
  assert.deepEqual(access.levels(READER), ['public', 'reader']);
  assert.deepEqual(access.levels(ONPREM_ADMIN), ['public', 'reader', 'onprem']);
});
