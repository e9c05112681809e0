import { readFileSync } from 'node:fs';
import peggy from 'peggy';
import type { ExampleProblem } from '../problem.ts';

/**
 * Condition syntax as code: a condition is parsed with the grammar of the Condition syntax page
 * (condition.peggy, compiled by Peggy as TQL is), then checked for what the page says beyond the
 * grammar: a wildcard keeps at least two other characters, and a reference names a known type.
 */

/** Language object types (the page's "Language object references"), and the core library's annotation objects. */
export const OBJECT_TYPES = ['LEX', 'SYN', 'PHR', 'MUL', 'MUR', 'POS', 'NER', 'SENTIMENT'] as const;

let parser: peggy.Parser | undefined;
const conditionParser = () => {
  parser ??= peggy.generate(readFileSync(new URL('./condition.peggy', import.meta.url), 'utf8'));
  return parser;
};

type Node = { type: string; location: { start: { line: number; column: number } } } & Record<string, unknown>;

/** Problems of one condition per line of a block (lines and columns from 1); none when all are valid. */
export function checkConditions(source: string): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  source.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    for (const problem of checkCondition(line)) problems.push({ ...problem, line: i + 1 });
  });
  return problems;
}

export function checkCondition(condition: string): ExampleProblem[] {
  let tree: Node;
  try {
    tree = conditionParser().parse(condition) as Node;
  } catch (error) {
    if (!(error instanceof conditionParser().SyntaxError)) throw error;
    return [{ line: error.location.start.line, column: error.location.start.column, message: error.message }];
  }
  const problems: ExampleProblem[] = [];
  const at = (node: Node, message: string) =>
    problems.push({ line: node.location.start.line, column: node.location.start.column, message });
  const walk = (node: Node): void => {
    if (node.type === 'wildcard' && (node.text as string).replace(/[*?'-]/g, '').length < 2)
      at(node, `the wildcard word ${node.text} needs at least two other characters`);
    if (node.type === 'object' && !(OBJECT_TYPES as readonly string[]).includes(node.objectType as string))
      at(
        node,
        `%${node.name}.${node.objectType}: ${node.objectType} is not a type; one of ${OBJECT_TYPES.join(', ')} or ENTITY`,
      );
    for (const key of ['operands', 'parts', 'options'] as const)
      for (const child of (node[key] as Node[] | undefined) ?? []) walk(child);
    if (node.operand) walk(node.operand as Node);
  };
  walk(tree);
  return problems;
}
