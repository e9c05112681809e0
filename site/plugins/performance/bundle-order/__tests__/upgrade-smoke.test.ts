import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getWebpackLoaderCompilerName } from '@docusaurus/utils';
import { CLIENT_COMPILER } from '../index';

// The plugin makes the server compilation depend on Docusaurus's client compilation by name.
test('BUILD-ORDER upgrade smoke: Docusaurus still names its compilers client and server', () => {
  const nameOf = (name: string) => getWebpackLoaderCompilerName({ _compiler: { name } } as never);
  assert.equal(nameOf(CLIENT_COMPILER), CLIENT_COMPILER);
  assert.equal(nameOf('server'), 'server');
  assert.throws(() => nameOf('other'));
});
