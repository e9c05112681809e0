import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageFile, packageJson, repoDir } from '../../site/__tests__/upgrade-smoke';

const SECTION = 'No localeCompare at start-up';

/** The files patched (patches/@docusaurus+*.patch), each with the function that ran localeCompare. */
const PATCHED = [
  { pkg: '@docusaurus/plugin-content-docs', file: 'lib/client/docsClientUtils.js', fn: 'getActivePlugin' },
  { pkg: '@docusaurus/theme-common', file: 'lib/utils/reactUtils.js', fn: 'useShallowMemoObject' },
];

test('UPGRADE no localeCompare at start-up: the patches match the installed versions and the patched functions sort without it', () => {
  const patches = readdirSync(path.join(repoDir, 'patches'));
  for (const { pkg, file, fn } of PATCHED) {
    const name = `${pkg.replace('/', '+')}+${packageJson(pkg).version}.patch`;
    assert.ok(patches.includes(name), broke(`no ${name} for the installed ${pkg}`, 'patches/', SECTION));
    const source = packageFile(pkg, file);
    const body = source.slice(source.indexOf(`function ${fn}(`));
    assert.ok(body.length < source.length, broke(`${fn} is no longer in ${file}`, `${pkg}/${file}`, SECTION));
    const code = body.slice(0, body.indexOf('\n}')).replace(/\/\/.*$/gm, '');
    assert.doesNotMatch(
      code,
      /localeCompare/,
      broke(`${fn} sorts with localeCompare again`, `${pkg}/${file}`, SECTION),
    );
  }
});

test('UPGRADE no localeCompare at start-up: the patched getActivePlugin still picks the longest matching plugin path', async () => {
  // The module imports `@docusaurus/router`, an alias only the bundler knows (it re-exports
  // react-router 5): the function is evaluated with react-router's own matchPath.
  const source = packageFile('@docusaurus/plugin-content-docs', 'lib/client/docsClientUtils.js');
  const start = source.indexOf('export function getActivePlugin(');
  const text = source.slice(start + 'export '.length, source.indexOf('\n}', start) + 2);
  const { matchPath } = (await import('react-router')) as { matchPath: unknown };
  const getActivePlugin = new Function('matchPath', `${text}\nreturn getActivePlugin;`)(matchPath) as (
    data: Record<string, { path: string }>,
    pathname: string,
  ) => { pluginId: string } | undefined;
  // The portal's two docs instances, in both orders: the order of the global data must not matter.
  for (const data of [
    { default: { path: '/' }, onprem: { path: '/on-prem' } },
    { onprem: { path: '/on-prem' }, default: { path: '/' } },
  ]) {
    assert.equal(getActivePlugin(data, '/on-prem/overview/')?.pluginId, 'onprem');
    assert.equal(getActivePlugin(data, '/on-prem/')?.pluginId, 'onprem');
    assert.equal(getActivePlugin(data, '/studio/deploy/')?.pluginId, 'default');
    assert.equal(getActivePlugin(data, '/on-premises/')?.pluginId, 'default');
  }
});
