/**
 * `node --import tsx site/openapi/scripts/check.ts [studio|inquire|manager ...]`: merges each API's
 * spec files and lints the result (Redocly recommended rules + .redocly.yaml). Exit 1 on any error.
 */
import path from 'node:path';
import { lintSpec } from './lint';
import { APIS, type ApiName, writeMerged } from './merge';

async function main(): Promise<void> {
  const apis = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...APIS]) as ApiName[];
  let errors = 0;
  for (const api of apis) {
    const file = writeMerged(api);
    const problems = await lintSpec(file);
    for (const p of problems) console.log(`${api} ${p.severity} ${p.rule}: ${p.message} (${p.where})`);
    const count = problems.filter((p) => p.severity === 'error').length;
    errors += count;
    console.log(`${api}: ${count} errors, ${problems.length - count} warnings (${path.relative(process.cwd(), file)})`);
  }
  process.exit(errors > 0 ? 1 : 0);
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
