/**
 * Lints the OpenAPI specs with @redocly/openapi-core (recommended rules + site/openapi/.redocly.yaml).
 * `node --import tsx site/openapi/scripts/lint.ts [spec ...]`: prints problems, exits 1 on any error.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';

const here = __dirname;
export const SPEC_DIR = path.resolve(here, '../specs');
export const API_SPECS = ['studio.yaml', 'inquire.yaml', 'manager.yaml'];

export async function lintSpec(file: string) {
  const config = await createConfig(readFileSync(path.resolve(here, '../.redocly.yaml'), 'utf8'));
  const problems = await lint({ ref: file, config });
  return problems.map((p) => ({
    severity: p.severity,
    rule: p.ruleId,
    message: p.message,
    where: p.location[0]?.pointer ?? '',
  }));
}

async function main(): Promise<void> {
  const files = process.argv.slice(2).length > 0 ? process.argv.slice(2) : API_SPECS.map((f) => path.join(SPEC_DIR, f));
  let errors = 0;
  for (const file of files) {
    const problems = await lintSpec(file);
    for (const p of problems) console.log(`${path.basename(file)} ${p.severity} ${p.rule}: ${p.message} (${p.where})`);
    errors += problems.filter((p) => p.severity === 'error').length;
    console.log(
      `${path.basename(file)}: ${problems.filter((p) => p.severity === 'error').length} errors, ${problems.filter((p) => p.severity === 'warn').length} warnings`,
    );
  }
  process.exit(errors > 0 ? 1 : 0);
}

if (require.main === module) void main();
