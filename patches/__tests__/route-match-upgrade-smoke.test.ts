import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageDir, packageFile, packageJson, repoDir } from '../../site/__tests__/upgrade-smoke';

const SECTION = 'Route matching by string first';
const FAST_PATH = 'if (cannotMatchStatic(pathname, options)) return null;';
/** The ES module build is what the site's bundles take; the CommonJS build is what Node loads. */
const PATCHED_FILES = ['esm/react-router.js', 'cjs/react-router.js'];

type Match = { path: string; url: string; isExact: boolean; params: Record<string, string> } | null;
type MatchPath = (pathname: string, options: unknown) => Match;

/** The CommonJS build evaluated with or without the patch's first line in matchPath. */
function matchPathOf(withFastPath: boolean): MatchPath {
  const file = path.join(packageDir('react-router'), 'cjs/react-router.js');
  const source = packageFile('react-router', 'cjs/react-router.js');
  const code = withFastPath ? source : source.replace(FAST_PATH, '');
  const module = { exports: {} as { matchPath: MatchPath } };
  new Function('require', 'module', 'exports', 'process', code)(createRequire(file), module, module.exports, {
    env: { NODE_ENV: 'production' },
  });
  return module.exports.matchPath;
}

test('UPGRADE route matching by string first: the patch matches the installed react-router, in the build the bundles take', () => {
  const name = `react-router+${packageJson('react-router').version}.patch`;
  assert.ok(readdirSync(path.join(repoDir, 'patches')).includes(name), broke(`no ${name}`, 'patches/', SECTION));
  for (const file of PATCHED_FILES) {
    const source = packageFile('react-router', file);
    const body = source.slice(source.indexOf('function matchPath(pathname, options) {'));
    assert.ok(
      body.slice(0, 200).includes(FAST_PATH),
      broke('matchPath does not start with the string check', `react-router/${file}`, SECTION),
    );
  }
});

test('UPGRADE route matching by string first: matchPath answers as without the check, for every kind of route path', () => {
  const patched = matchPathOf(true);
  const original = matchPathOf(false);
  assert.notEqual(patched, original);
  const paths = [
    '/',
    '',
    '/studio/deploy/',
    '/studio/deploy',
    '/Studio/Deploy/',
    '/category/scale3-studio-api/',
    '/reference/a.b/',
    '/on-prem/',
    '/docs/:id/',
    '/docs/:id?',
    '/(en|fr)/x/',
    '/files/*',
    '/é/',
    '/Ünï/',
    '/files.:ext',
    '/a/b\\(c\\)',
    '/a+b/',
  ];
  const pathnames = [
    '/',
    '',
    '/studio/deploy/',
    '/studio/deploy',
    '/STUDIO/deploy/',
    '/studio/deploy/more/',
    '/studio/deployment/',
    '/studio/',
    '/category/scale3-studio-api/',
    '/category/scale3-studio-api-x/',
    '/reference/a.b/',
    '/reference/axb/',
    '/on-prem/x/',
    '/docs/42/',
    '/docs/',
    '/en/x/',
    '/de/x/',
    '/files/a/b',
    '/é/',
    '/%C3%A9/',
    '/\u212Aelvin/',
    '/üNÏ/',
    '/files.json',
    '/files',
    '/a/b(c)',
    '/a+b/',
    '/docs',
  ];
  let compared = 0;
  for (const route of paths) {
    for (const pathname of pathnames) {
      for (const exact of [false, true]) {
        for (const strict of [false, true]) {
          for (const sensitive of [false, true]) {
            const options = { path: route, exact, strict, sensitive };
            assert.deepEqual(
              patched(pathname, options),
              original(pathname, options),
              JSON.stringify({ pathname, options }),
            );
            compared += 1;
          }
        }
      }
      assert.deepEqual(patched(pathname, route), original(pathname, route));
      assert.deepEqual(patched(pathname, [route, '/studio/']), original(pathname, [route, '/studio/']));
    }
  }
  assert.equal(compared, paths.length * pathnames.length * 8);
});
