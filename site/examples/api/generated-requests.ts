import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parser as pythonParser } from '@lezer/python';
import { parse as parseJavaScript } from 'acorn';
import type { OperationData } from '../../openapi/components/types.ts';
import { GENERATED_DIRS, readLayout, SPECS_DIR } from '../../openapi/scripts/layout.ts';
import type { ExampleProblem } from '../problem.ts';
import { curlCalls } from './calls.ts';
import type { ApiCallChecker } from './check.ts';
import { secretArguments } from './secrets.ts';

/**
 * The example requests of the generated API pages (openapi/scripts/snippets.ts), checked like the
 * calls writers write: the curl command must be its own operation with a valid body and the
 * credential of its security scheme, and keep secrets off the command line; the JavaScript and
 * Python versions must parse (acorn; Lezer's Python grammar) and call the same method and URL.
 */

export interface GeneratedRequestProblem extends ExampleProblem {
  file: string;
  language: string;
}

/** The operation data files the generator wrote (`{family}/{slug}.json`). */
export function operationFiles(siteDir: string): string[] {
  return GENERATED_DIRS.flatMap((dir) => {
    try {
      return readdirSync(path.join(siteDir, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
        .map((entry) => path.join(entry.parentPath, entry.name));
    } catch {
      return []; // not generated yet (a unit test's site)
    }
  });
}

export function checkGeneratedRequests(
  files: readonly string[],
  api: ApiCallChecker,
  counts: Record<string, number>,
): GeneratedRequestProblem[] {
  const problems: GeneratedRequestProblem[] = [];
  for (const file of files) {
    const op = JSON.parse(readFileSync(file, 'utf8')) as Partial<OperationData>;
    if (!op.snippets) continue;
    const at = { line: 1, column: 1 };
    const note = (language: string, message: string) => problems.push({ file, language, ...at, message });
    const { curl, javascript, python } = op.snippets;
    counts['generated request'] = (counts['generated request'] ?? 0) + 1;

    const block = { file, language: 'bash', text: curl, line: 1, indent: 0, section: 0, lead: [] };
    const calls = curlCalls(block);
    if (calls.length !== 1) note('curl', `the curl example shows ${calls.length} calls`);
    for (const call of calls) {
      // The server's example host is not a placeholder such as {studio-host}: the page's API says which.
      const verdict = api.check({ ...call, host: op.api ? readLayout(SPECS_DIR, op.api).host : null });
      if (!verdict.checked) note('curl', `the curl example was not checked (${verdict.why})`);
      else {
        for (const problem of verdict.problems) note('curl', problem.message);
        if (verdict.operation && verdict.operation.operationId !== op.operationId)
          note('curl', `the curl example calls ${verdict.operation.operationId}, not ${op.operationId}`);
      }
    }
    for (const problem of secretArguments(block)) note('curl', problem.message);

    const url = op.serverUrl ?? '';
    try {
      parseJavaScript(javascript, { ecmaVersion: 'latest', sourceType: 'module' });
    } catch (error) {
      note('javascript', `the JavaScript example does not parse: ${(error as Error).message}`);
    }
    if (!javascript.includes(`method: '${op.method}'`) || !javascript.includes(url))
      note('javascript', `the JavaScript example does not send ${op.method} to ${url}`);

    const tree = pythonParser.parse(python);
    let broken = false;
    tree.iterate({
      enter: (node) => {
        if (node.type.isError) broken = true;
      },
    });
    if (broken) note('python', 'the Python example does not parse');
    if (!python.includes(`requests.${op.method?.toLowerCase()}(`) || !python.includes(url))
      note('python', `the Python example does not send ${op.method} to ${url}`);
  }
  return problems;
}
