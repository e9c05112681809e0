import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Why this Node cannot run the project, or null when it can. Below package.json's `engines` the gate
 * (run by Node's type stripping) fails in every test with an unknown-extension error: one line
 * instead, naming the way out.
 */
export function unsupportedNode(root: string): string | null {
  const { engines } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    engines: { node: string };
  };
  const required = Number(/>=\s*(\d+)/.exec(engines.node)?.[1] ?? 0);
  if (Number(process.versions.node.split('.')[0]) >= required) return null;
  return `Tala Docs needs Node.js ${engines.node} (package.json engines), this is ${process.version}: .ci/run installs Node 26 from the npm registry and puts it on PATH.`;
}
