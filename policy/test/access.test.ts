import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { leastRestrictive, mayAccess, ROLES, ROUTE_ALIASES, routeAccess } from '../src/index.ts';

const READER = { name: 'r', roles: [ROLES.reader] };
const ADMIN = { name: 'a', roles: [ROLES.reader, ROLES.onprem] };

test("ROLE-01 the role names are the seed's", () => {
  assert.equal(ROLES.onprem, 'Documentation.Onprem');
  assert.equal(ROLES.reader, 'Documentation.Reader');
});

test('ROLE-02 ROLE-03 route levels: login public, on-prem gated, the rest for readers', () => {
  assert.equal(routeAccess('/Login/'), 'public');
  assert.equal(routeAccess('/on-prem/overview/'), 'onprem');
  assert.equal(routeAccess('/ON-PREM/overview/'), 'onprem', 'case does not open the gate');
  assert.equal(routeAccess('/on-prem/'), 'onprem');
  assert.equal(routeAccess('/studio/build/'), 'reader');
  assert.equal(routeAccess('/login/x/'), 'reader', 'only the login route itself is public');
  assert.equal(routeAccess('/on-premises-notes/'), 'reader');
});

test('ROLE-03 mayAccess: anonymous sees public only; the on-prem role opens onprem', () => {
  assert.deepEqual(
    [null, READER, ADMIN].map((who) => ['public', 'reader', 'onprem'].map((level) => mayAccess(who, level as never))),
    [
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ],
  );
  assert.equal(mayAccess({ name: null, roles: [] }, 'reader'), true, 'ROLE-02 any signed-in reader, even with no role');
});

test('leastRestrictive picks the more open level', () => {
  assert.equal(leastRestrictive('onprem', 'reader'), 'reader');
  assert.equal(leastRestrictive('public', 'onprem'), 'public');
  assert.equal(leastRestrictive('onprem', 'onprem'), 'onprem');
});

test('SITE-09 the aliases are exactly the alias= lines of routes.txt', () => {
  const routes = readFileSync(new URL('../../spec/routes.txt', import.meta.url), 'utf8');
  const fromSpec = Object.fromEntries(
    routes
      .split('\n')
      .filter((line) => !line.startsWith('#') && line.includes('alias='))
      .map((line) => {
        const [route, , flags] = line.split('\t');
        return [/alias=(\S+)/.exec(flags ?? '')?.[1], route];
      }),
  );
  assert.deepEqual(ROUTE_ALIASES, fromSpec);
});

test('SITE-07 routeAccess agrees with the access column of every routes.txt line', () => {
  const routes = readFileSync(new URL('../../spec/routes.txt', import.meta.url), 'utf8');
  const mismatches = routes
    .split('\n')
    .filter((line) => line.startsWith('/'))
    .map((line) => line.split('\t'))
    .filter(([route, access]) => routeAccess((route ?? '').replace(/\*$/, 'x/')) !== access)
    .map(([route, access]) => `${route}: spec ${access}, policy ${routeAccess(route ?? '')}`);
  assert.deepEqual(mismatches, []);
});
