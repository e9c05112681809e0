/**
 * Helpers of the upgrade smoke tests (docs/upgrading.md): each `upgrade-smoke.test.ts`, beside the
 * code it guards, checks one place where the portal relies on another package's internals, and fails
 * with a message that says which assumption broke and where to look.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoDir = path.dirname(siteDir);

/** The folder of a package as Node resolves it from the site (works when `exports` hides package.json). */
export function packageDir(name: string, from = siteDir): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed (looked up from ${from})`);
  }
}

export function packageJson(name: string, from = siteDir): Record<string, unknown> & { version: string } {
  return JSON.parse(readFileSync(path.join(packageDir(name, from), 'package.json'), 'utf8'));
}

export function packageFile(name: string, file: string, from = siteDir): string {
  return readFileSync(path.join(packageDir(name, from), file), 'utf8');
}

/** The failure message: what broke, where to look, and the section of docs/upgrading.md. */
export function broke(what: string, where: string, section: string): string {
  return `UPGRADE CHECK: ${what}\n  Look at: ${where}\n  See docs/upgrading.md, "${section}".`;
}
