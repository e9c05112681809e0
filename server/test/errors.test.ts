/**
 * The error catalogue is honest: every code is documented in docs/errors.md and every documented
 * code exists, and errors are built in the catalogue only (fastify's errors test does the same for
 * its lib/errors.js).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { GATE_ERRORS, GateError, type GateErrorCode } from '../src/errors.ts';
import * as oauth from '../src/mcp/oauth-errors.ts';

const root = path.resolve(import.meta.dirname, '../..');
const docs = readFileSync(path.join(root, 'docs/errors.md'), 'utf8');
/** The codes in the first column of a table row: `| \`CODE\` | …`. */
const documented = (pattern: RegExp) => new Set([...docs.matchAll(pattern)].map((match) => match[1] as string));

test('every gate error code is documented in docs/errors.md, with its status, and nothing else is', () => {
  const codes = Object.keys(GATE_ERRORS) as GateErrorCode[];
  assert.deepEqual([...documented(/^\| `(GATE_ERR_[A-Z_]+)` \|/gm)].sort(), [...codes].sort());
  for (const code of codes) {
    const row = new RegExp(`^\\| \`${code}\` \\| (\\d{3}|–) \\|`, 'm').exec(docs);
    const { status } = GATE_ERRORS[code];
    assert.ok(row, `${code} has a row`);
    assert.ok(row[1] === String(status) || (row[1] === '–' && status === 500), `${code}: ${row[1]} vs ${status}`);
  }
});

test('every OAuth error the portal raises is documented', () => {
  type OAuthErrorClass = new (message: string) => InstanceType<typeof oauth.OAuthError>;
  const isErrorClass = (value: unknown): value is OAuthErrorClass =>
    typeof value === 'function' && value.prototype instanceof oauth.OAuthError;
  const raised = (Object.values(oauth) as unknown[]).filter(isErrorClass).map((ErrorClass) => new ErrorClass('x').code);
  const listed = documented(/^\| `([a-z_]+)` \| \d{3} \|/gm);
  for (const code of raised) assert.ok(listed.has(code), `${code} is documented`);
  assert.ok(raised.length >= 8);
});

test('gate errors are built in the catalogue only: no `new GateError(` elsewhere in server/src', () => {
  const dir = path.join(root, 'server/src');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const builders = files.filter(
    (file) => file !== 'errors.ts' && /new GateError\(/.test(readFileSync(path.join(dir, file), 'utf8')),
  );
  assert.deepEqual(builders, []);
  assert.equal(new GateError('GATE_ERR_NOT_FOUND').statusCode, 404, 'the status comes from the catalogue');
});
