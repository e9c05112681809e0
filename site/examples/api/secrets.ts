import { parse as parseShell } from 'shell-quote';
import type { ExampleProblem } from '../problem.ts';
import type { CodeBlock } from '../scan.ts';
import { shellCommand } from './calls.ts';

/**
 * Secrets on a command line. Every argument of a running command is visible to other users of the
 * machine (`ps`, /proc/…/cmdline) and lands in shell history, so an example must not pass a token,
 * password or key as a request body, a user or a jq argument. The safe ways, as the logins page shows:
 * jq reads the variable from the environment (`jq -n '{apiToken: env.TALA_TOKEN}'`) and curl reads
 * the body from standard input or a file (`--data @-`).
 */
const VALUE_OPTIONS = new Set([
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '--json',
  '-u',
  '--user',
  '--arg',
  '--argjson',
]);
const SECRET_VARIABLE = /\$\{?\w*(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY)\w*\}?/i;
const SHELL_LANGUAGES = new Set(['bash', 'sh', 'shell']);

export function secretArguments(block: CodeBlock): ExampleProblem[] {
  if (!SHELL_LANGUAGES.has(block.language)) return [];
  const problems: ExampleProblem[] = [];
  const lines = block.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    const { command, last } = shellCommand(lines, i);
    i = last;
    // Variables stay as written, so that their names can be read.
    const words = parseShell(command, (name) => `$${name}`);
    for (let w = 0; w < words.length - 1; w++) {
      const option = words[w];
      // jq's --arg and --argjson take a name, then the value.
      const value = words[option === '--arg' || option === '--argjson' ? w + 2 : w + 1];
      if (typeof option !== 'string' || typeof value !== 'string' || !VALUE_OPTIONS.has(option)) continue;
      const secret = SECRET_VARIABLE.exec(value);
      if (!secret || value.startsWith('@')) continue;
      problems.push({
        line: start + 1,
        column: 1,
        message: `${option} puts ${secret[0]} on the command line, where other users and the shell history see it: let jq read it from the environment (env.NAME) or send the body with --data @-`,
      });
    }
  }
  return problems;
}
