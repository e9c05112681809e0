import type { Heading, List, ListItem, Paragraph, Root, RootContent, Strong } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as textOf } from 'mdast-util-to-string';
import type { ExampleProblem } from '../problem.ts';

/**
 * The structure docs/style-guide.md asks of a page ("Task pages", "Warnings"):
 * - a task page (one with a numbered procedure: an ordered list at the top level of the page whose
 *   items, two thirds of them at least, tell the reader to do something) opens its procedures with a `## Before you begin` section that says who may
 *   do it (a role or permission) and how long it takes, and follows each procedure with a
 *   `**Result.**` paragraph: what the reader sees when it worked;
 * - a warning is an admonition (`:::warning`, `:::caution`, `:::danger`, `:::note`), never a paragraph
 *   that opens with "Warning:" or "**Important.**".
 * What the prerequisites are is for a reader to judge; that they are there, with a role and a time,
 * is checked here.
 */

const BEFORE = 'Before you begin';
const ROLE = /\b(permissions?|roles?|administrators?|sudo|root|Documentation\.Onprem|signed in|sign in)\b/i;
const DURATION = /\b(\d+|a few|one|two|three|five|ten|fifteen|twenty|thirty)\s+(seconds?|minutes?|hours?)\b/i;
const LABELLED_WARNING = /^(warning|caution|important|danger|note|attention)\s*[:.!]/i;

/**
 * A step: an item that tells the reader to do something, possibly after where or when
 * ("In **Solution > Publish**, select …"). An ordered list of steps is a procedure; an ordered list of
 * stages, causes or reading suggestions is not.
 */
const STEP = new RegExp(
  String.raw`^(?:(?:in|on|under|for|within|with|when|if|after|optionally)\b[^,.]*,\s*)?` +
    String.raw`(?:select|open|enter|choose|add|type|save|run|publish|install|configure|create|write|fill|turn|` +
    String.raw`right-click|drag|set|name|train|evaluate|send|start|stop|keep|attach|grant|update|fix|prepare|` +
    String.raw`reload|copy|paste|upload|download|import|export|delete|remove|restart|log|sign|click|edit|replace|` +
    String.raw`move|define|deploy|put|leave|search|measure|find|verify|release|list|go|pick|tick|clear|press)\b`,
  'i',
);
const isStep = (item: ListItem) => STEP.test(textOf(item).trim());

const at = (node: RootContent) => ({ line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 });
const isProcedure = (node: RootContent): node is List =>
  node.type === 'list' &&
  node.ordered === true &&
  node.children.length >= 2 &&
  node.children.filter(isStep).length * 3 >= node.children.length * 2;
const isResult = (node: RootContent | undefined) =>
  node?.type === 'paragraph' &&
  node.children[0]?.type === 'strong' &&
  textOf(node.children[0] as Strong).trim() === 'Result.';

export interface StructureReport {
  task: boolean;
  procedures: number;
  problems: ExampleProblem[];
}

/** The page's structure, from its Markdown or from the tree the examples check already parsed. */
export function checkStructure(page: string | Root): StructureReport {
  const tree: Root = typeof page === 'string' ? fromMarkdown(page) : page;
  const nodes = tree.children;
  const problems: ExampleProblem[] = [];
  for (const node of nodes) {
    const label = node.type === 'paragraph' ? LABELLED_WARNING.exec(textOf(node as Paragraph)) : null;
    if (label)
      problems.push({
        ...at(node),
        message: `"${label[0].trim()}" opens a warning in running text: write it as an admonition (:::warning, :::caution, :::danger or :::note)`,
      });
  }
  const procedures = nodes.filter(isProcedure);
  if (procedures.length === 0) return { task: false, procedures: 0, problems };

  const firstProcedure = nodes.indexOf(procedures[0] as List);
  const before = nodes.findIndex((n) => n.type === 'heading' && (n as Heading).depth === 2 && textOf(n) === BEFORE);
  if (before === -1 || before > firstProcedure) {
    problems.push({
      ...at(procedures[0] as List),
      message: `a task page opens its first procedure with "## ${BEFORE}": who may do it (role or permission), what must be in place, how long it takes`,
    });
  } else {
    const end = nodes.findIndex((n, i) => i > before && n.type === 'heading' && (n as Heading).depth <= 2);
    const section = nodes
      .slice(before + 1, end === -1 ? undefined : end)
      .map((n) => textOf(n))
      .join('\n');
    const heading = nodes[before] as Heading;
    if (!ROLE.test(section)) problems.push({ ...at(heading), message: `"${BEFORE}" names no role or permission` });
    if (!DURATION.test(section)) problems.push({ ...at(heading), message: `"${BEFORE}" says not how long it takes` });
  }
  for (const procedure of procedures) {
    // The result follows the steps, before the next heading (a note or a code block may come between).
    let i = nodes.indexOf(procedure) + 1;
    while (
      i < nodes.length &&
      nodes[i]?.type !== 'heading' &&
      !isProcedure(nodes[i] as RootContent) &&
      !isResult(nodes[i])
    )
      i++;
    if (!isResult(nodes[i]))
      problems.push({
        ...at(procedure),
        message: 'a procedure ends with a "**Result.**" paragraph: what the reader sees when the steps worked',
      });
  }
  return { task: true, procedures: procedures.length, problems };
}
