import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moduleOf } from '../client/section-of';
import { MAX_MODULE_ROUTES, MIN_SECTION_ROUTES, partitionSections, rangesOf, type SectionModule } from '../sections';

const pages = (directory: string, n: number) => Array.from({ length: n }, (_, i) => `/${directory}/page-${i}/`);

/** Each path's module as the browser finds it: by its deepest split directory, then by range. */
function moduleOfEach(paths: string[], modules: SectionModule[]): Map<string, string> {
  const ranges = rangesOf(modules);
  return new Map(paths.map((path) => [path, moduleOf(path, '/', ranges)]));
}

/** A module as the tests name it: where the browser finds it, and how many pages it holds. */
const shape = (m: SectionModule) => [m.name, m.directory, m.from, m.paths.length];

test('a top-level section under MIN_SECTION_ROUTES pages stays in the shell; one up to MAX_MODULE_ROUTES is one module', () => {
  const paths = [...pages('cccf', MIN_SECTION_ROUTES - 1), ...pages('studio', MAX_MODULE_ROUTES), '/', '/search/'];
  const modules = partitionSections(paths, '/');
  assert.deepEqual(modules.map(shape), [['studio', 'studio', '', MAX_MODULE_ROUTES]]);
});

test('a section over MAX_MODULE_ROUTES is split along its directories: large ones again, small siblings packed in order', () => {
  const paths = [
    '/reference/',
    ...pages('reference/tql', 6),
    ...pages('reference/nlp', 9),
    ...pages('reference/apis/studio/auth', 4),
    ...pages('reference/apis/studio/libraries', 40),
    ...pages('reference/apis/studio/solutions', 30),
    ...pages('reference/apis/inquire', 20),
  ];
  const modules = partitionSections(paths, '/');
  assert.deepEqual(modules.map(shape), [
    // apis (94 pages) is split; so is its studio directory (74), whose first two directories fit one module…
    ['reference/apis/studio', 'reference/apis/studio', '', 44],
    ['reference/apis/studio/solutions', 'reference/apis/studio', 'solutions', 30],
    ['reference/apis', 'reference/apis', '', 20],
    // …and the reference's own page opens the module its small directories share.
    ['reference', 'reference', '', 16],
  ]);
  // Every page is in one module, the one the browser looks it up in.
  const found = moduleOfEach(paths, modules);
  for (const module of modules) for (const path of module.paths) assert.equal(found.get(path), module.name, path);
  assert.equal(modules.flatMap((m) => m.paths).length, paths.length);
});

test('a directory with more than MAX_MODULE_ROUTES pages of its own stays one module', () => {
  const paths = Array.from({ length: MAX_MODULE_ROUTES + 5 }, (_, i) => `/release-notes/v${i}`);
  const modules = partitionSections([...paths, ...pages('release-notes/old', 3)], '/');
  assert.deepEqual(modules.map(shape), [
    ['release-notes', 'release-notes', '', MAX_MODULE_ROUTES + 5],
    ['release-notes/old', 'release-notes', 'old', 3],
  ]);
});

test('any tree: each page lands in exactly one module, found again by its path, and no module is over the limit unless one directory is', () => {
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 48271) % 2147483647;
    return seed % n;
  };
  for (let round = 0; round < 20; round++) {
    const paths = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const depth = 1 + random(4);
      const directories = Array.from({ length: depth }, (_, d) => `d${d}-${random(d === 0 ? 3 : 6)}`);
      paths.add(`/${directories.join('/')}/p${random(30)}`);
    }
    const all = [...paths];
    const modules = partitionSections(all, '/');
    const listed = modules.flatMap((m) => m.paths);
    assert.equal(new Set(listed).size, listed.length, 'a page in two modules');
    const found = moduleOfEach(all, modules);
    for (const module of modules) {
      for (const path of module.paths) assert.equal(found.get(path), module.name, path);
      if (module.paths.length > MAX_MODULE_ROUTES) {
        // Only a directory's own pages, which cannot be split further, make a module that large.
        const ownPages = module.paths.filter((p) => p.split('/').slice(1, -1).join('/') === module.name);
        assert.ok(ownPages.length > MAX_MODULE_ROUTES - (module.paths.length - ownPages.length), module.name);
      }
    }
    // The shell keeps exactly the pages of small top-level sections and top-level pages.
    for (const path of all) if (!listed.includes(path)) assert.equal(found.get(path), '', path);
  }
});

test('a directory of many one-page directories (/category/x/) costs the browser one lookup entry a module, not one a page', () => {
  const paths = Array.from({ length: 1000 }, (_, i) => `/category/c${String(i).padStart(4, '0')}/`);
  const modules = partitionSections(paths, '/');
  const ranges = rangesOf(modules);
  const entries = Object.values(ranges).flat().length;
  assert.equal(entries, modules.length);
  assert.ok(entries <= Math.ceil(1000 / MAX_MODULE_ROUTES) + 1, `${entries} entries for 1,000 pages`);
  const found = moduleOfEach(paths, modules);
  for (const module of modules) for (const path of module.paths) assert.equal(found.get(path), module.name, path);
  // A path of no page in the section still names a module of its directory (whose table then has no route for it).
  assert.equal(moduleOf('/category/zzz/', '/', ranges), modules.at(-1)?.name);
  assert.equal(moduleOf('/elsewhere/x/', '/', ranges), '');
});
