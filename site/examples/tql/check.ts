import { readFileSync } from 'node:fs';
import leven from 'leven';
import peggy from 'peggy';
import { parse as parseYaml } from 'yaml';
import type { ExampleProblem } from '../problem.ts';

/**
 * TQL as code: a query is parsed with the manual's grammar (tql.peggy, compiled by Peggy — a
 * grammar that reads like the manual's EBNF, with positioned "expected … but found" errors) and
 * then checked against the data model (model.yaml): ranges bound in order, fields that exist, known
 * functions with their number of arguments, aggregates only where the manual allows them, and the
 * values of fields that have a fixed set (e.type, t.matchType, s.endReason).
 */

interface FieldSpec {
  type: string;
  named?: boolean;
  of?: string;
  values?: string[] | 'event-types';
  description: string;
}
interface RangeSpec {
  letter: string;
  fields: Record<string, FieldSpec>;
}
interface FunctionSpec {
  args: [number, number | null];
  returns: string;
  aggregate?: boolean;
  /** Which argument (1-based) is a date unit. */
  units?: number;
}
export interface TqlModel {
  ranges: Record<string, RangeSpec>;
  eventTypes: Record<string, string>;
  functions: Record<string, FunctionSpec>;
  dateUnits: string[];
  maxRows: number;
}

export const TQL_MODEL = parseYaml(readFileSync(new URL('./model.yaml', import.meta.url), 'utf8')) as TqlModel;

let parser: peggy.Parser | undefined;
const tqlParser = () => {
  parser ??= peggy.generate(readFileSync(new URL('./tql.peggy', import.meta.url), 'utf8'));
  return parser;
};

interface Location {
  start: { line: number; column: number };
}
// The tree tql.peggy builds (every node has its location).
type Node = { type: string; location: Location } & Record<string, unknown>;
interface Path extends Node {
  range: string;
  field: string;
  rest: string[];
  text: string;
}
interface Binding extends Node {
  range: string;
  source: Node & { of: string | null; collection: string };
}
interface Item extends Node {
  expression: Node;
  alias: string | null;
  text: string;
}
interface Target extends Node {
  name?: string;
  expression?: Node;
  text: string;
}
interface Query extends Node {
  queryType: string;
  selection: Item[];
  from: Binding[];
  where: Node | null;
  group: Target[] | null;
  order: Target[] | null;
  limit: (Node & { value: number }) | null;
}

/**
 * Problems in a block of queries (lines and columns from 1, within the block's text); none when
 * every query is valid. A block may hold several queries, each after an empty line.
 */
export function checkTql(source: string, model: TqlModel = TQL_MODEL): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  let line = 0;
  for (const part of source.split(/(\n[ \t]*\n)/)) {
    if (part.trim() !== '' && !/^\n[ \t]*\n$/.test(part)) {
      for (const problem of checkQuery(part, model)) problems.push({ ...problem, line: problem.line + line });
    }
    line += part.split('\n').length - 1;
  }
  return problems;
}

function checkQuery(source: string, model: TqlModel): ExampleProblem[] {
  let query: Query;
  try {
    query = tqlParser().parse(source) as Query;
  } catch (error) {
    if (!(error instanceof tqlParser().SyntaxError)) throw error;
    const { line, column } = error.location.start;
    return [{ line, column, message: error.message }];
  }
  return [...new QueryChecker(model).check(query), ...safetyNetByName(source)].sort(
    (a, b) => a.line - b.line || a.column - b.column,
  );
}

/**
 * The safety net by its flow's name (`t.flowName == 'Safety net'`): the flow can be renamed and a
 * solution's safety-net flow may be called anything, so the manual teaches `t.safetyNet`, which
 * does not depend on the name.
 */
function safetyNetByName(source: string): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  for (const match of source.matchAll(/\b[a-z]\.flowName\s*(==|!=)\s*'safety[ -]net'/gi)) {
    const before = source.slice(0, match.index).split('\n');
    problems.push({
      line: before.length,
      column: (before.at(-1)?.length ?? 0) + 1,
      message: `${match[0]} depends on the flow's name: use ${match[1] === '!=' ? 'not ' : ''}t.safetyNet`,
    });
  }
  return problems;
}

/** A code span that names a TQL field (`s.date`, `t.variables.NAME`, `e.type`): `s`, `t`, `e` and `a` are the ranges' letters. */
const FIELD_SPAN = /^([a-z])\.([A-Za-z]+)(?:\.([A-Za-z_][A-Za-z0-9_]*))?$/;

/**
 * A field named in a page's prose: one of the data model's, under its range's letter (the letters
 * every example uses), or null when the span is not a TQL field at all.
 */
export function checkTqlField(span: string, model: TqlModel = TQL_MODEL): string | null {
  const match = FIELD_SPAN.exec(span);
  const range = match && rangeWithLetter(model, match[1] as string);
  if (!match || !range) return null;
  const [, letter, name, rest] = match;
  const field = range.fields[name as string];
  if (!field) {
    const known = Object.keys(range.fields).map((f) => `${letter}.${f}`);
    return `unknown TQL field ${letter}.${name}${suggestion(`${letter}.${name}`, known)}`;
  }
  if (rest !== undefined && !field.named) return `${letter}.${name} is a ${field.type} and has no field ${rest}`;
  return null;
}

/** Whether a code span names a TQL field (a range letter, a dot, a name), rightly or not. */
export const isTqlFieldSpan = (span: string, model: TqlModel = TQL_MODEL): boolean => {
  const match = FIELD_SPAN.exec(span);
  return match !== null && rangeWithLetter(model, match[1] as string) !== undefined;
};

const rangeWithLetter = (model: TqlModel, letter: string) =>
  Object.values(model.ranges).find((r) => r.letter === letter);

interface Context {
  scope: ReadonlyMap<string, string>;
  /** In the selection of a listall query, and not already inside an aggregate. */
  aggregates: boolean;
}

class QueryChecker {
  readonly problems: ExampleProblem[] = [];
  constructor(private readonly model: TqlModel) {}

  check(query: Query): ExampleProblem[] {
    const type = query.queryType.toLowerCase();
    const scope = new Map<string, string>();
    query.from.forEach((binding, i) => {
      this.bind(binding, scope, i === 0);
    });
    const listall = type === 'listall';
    for (const item of query.selection) this.expression(item.expression, { scope, aggregates: listall });
    if (query.where) {
      this.expression(query.where, { scope, aggregates: false });
      this.weeks(query.where, scope);
    }
    const aliases = new Set(query.selection.flatMap((item) => (item.alias ? [item.alias] : [])));
    // Result columns a query type adds (the manual's "Query types" table).
    const columns = new Set([
      ...aliases,
      ...(type === 'distinct' ? ['frequency'] : []),
      ...(type === 'count' ? ['count'] : []),
    ]);
    if (query.group && !listall) this.report(query.group[0] as Node, '`group by` is allowed only in listall queries');
    for (const target of [...(query.group ?? []), ...(query.order ?? [])]) {
      if (target.expression) this.expression(target.expression, { scope, aggregates: false });
      else if (!columns.has(target.name as string))
        this.report(target, `unknown column ${target.name}${this.suggest(target.name as string, [...columns])}`);
    }
    if (listall) this.grouping(query);
    if (query.limit && (query.limit.value < 1 || query.limit.value > this.model.maxRows))
      this.report(query.limit, `limit must be between 1 and ${this.model.maxRows}`);
    return this.problems;
  }

  /** A binding: the first over sessions, each later one over a collection of a range bound before. */
  private bind(binding: Binding, scope: Map<string, string>, first: boolean): void {
    const { range, source } = binding;
    if (scope.has(range)) this.report(binding, `range ${range} is bound twice`);
    if (source.of === null) {
      if (!first) this.report(source, 'only the first binding ranges over sessions');
      scope.set(range, 'sessions');
      return;
    }
    if (first) this.report(source, 'the first binding must be `in sessions`');
    // A range whose binding is wrong is still bound, to nothing: its fields are not reported too.
    scope.set(range, UNKNOWN);
    const kind = scope.get(source.of);
    if (kind === undefined) return void this.report(source, `unknown range ${source.of}${this.bound(scope)}`);
    if (kind === UNKNOWN) return;
    const field = this.model.ranges[kind]?.fields[source.collection];
    if (field?.type !== 'collection' || !field.of) {
      const collections = Object.entries(this.model.ranges[kind]?.fields ?? {})
        .filter(([, f]) => f.type === 'collection')
        .map(([name]) => `${source.of}.${name}`);
      return void this.report(
        source,
        `${source.of}.${source.collection} is not a collection${collections.length > 0 ? `; ${kind} have ${collections.join(', ')}` : ''}`,
      );
    }
    scope.set(range, field.of);
  }

  private expression(node: Node, context: Context): void {
    switch (node.type) {
      case 'path':
        return void this.path(node as Path, context.scope);
      case 'call':
        return void this.call(node, context);
      case 'exists': {
        const scope = new Map(context.scope);
        this.bind(node.binding as Binding, scope, false);
        return void this.expression(node.condition as Node, { scope, aggregates: false });
      }
      case 'compare':
      case 'in':
        this.values(node);
        break;
    }
    for (const child of children(node)) this.expression(child, context);
  }

  private path(path: Path, scope: ReadonlyMap<string, string>): void {
    const kind = scope.get(path.range);
    if (kind === undefined) return void this.report(path, `unknown range ${path.range}${this.bound(scope)}`);
    if (kind === UNKNOWN) return;
    const fields = this.model.ranges[kind]?.fields ?? {};
    const field = fields[path.field];
    if (!field) {
      const known = Object.keys(fields).map((name) => `${path.range}.${name}`);
      return void this.report(
        path,
        `unknown field ${path.range}.${path.field}${this.suggest(`${path.range}.${path.field}`, known)}`,
      );
    }
    if (field.type === 'collection')
      return void this.report(path, `${path.text} is a collection: use it in \`from\` or \`exists\``);
    if (field.named && path.rest.length !== 1)
      return void this.report(
        path,
        `${path.range}.${path.field} needs one name after it, as in ${path.range}.${path.field}.NAME`,
      );
    if (!field.named && path.rest.length > 0)
      this.report(path, `${path.range}.${path.field} is a ${field.type} and has no field ${path.rest[0]}`);
  }

  private call(call: Node, context: Context): void {
    const name = call.name as string;
    const args = call.args as Node[];
    const spec = this.model.functions[name];
    if (!spec) {
      this.report(call, `unknown function ${name}${this.suggest(name, Object.keys(this.model.functions))}`);
    } else {
      const [fewest, most] = spec.args;
      if (args.length < fewest || (most !== null && args.length > most)) {
        const wanted = most === null ? `at least ${fewest}` : fewest === most ? `${fewest}` : `${fewest} to ${most}`;
        this.report(call, `${name} takes ${wanted} argument${wanted === '1' ? '' : 's'}, not ${args.length}`);
      }
      if (spec.aggregate && !context.aggregates)
        this.report(
          call,
          `the aggregate ${name}() is allowed only in the selection of a listall query, and not inside another aggregate`,
        );
      const unit = spec.units === undefined ? undefined : args[spec.units - 1];
      if (unit && !(unit.type === 'literal' && this.model.dateUnits.includes(unit.value as string)))
        this.report(unit, `the unit of ${name} is one of ${this.model.dateUnits.map((u) => `'${u}'`).join(', ')}`);
    }
    const inner = { ...context, aggregates: context.aggregates && !spec?.aggregate };
    for (const arg of args) this.expression(arg, inner);
  }

  /** A field with a fixed set of values compared with a string that is not one of them. */
  private values(node: Node): void {
    const left = node.left as Node;
    const literals = (node.type === 'in' ? (node.values as Node[]) : [node.right as Node]).filter(
      (value) => value.type === 'literal' && typeof value.value === 'string',
    );
    if (left.type !== 'path' || literals.length === 0) return;
    const allowed = this.valuesOf(left as Path);
    for (const literal of literals) {
      if (allowed && !allowed.includes(literal.value as string))
        this.report(
          literal,
          `${(left as Path).text} is never '${literal.value}'${this.suggest(literal.value as string, allowed, "'")}`,
        );
    }
  }

  private valuesOf(path: Path): string[] | null {
    const values = rangeWithLetter(this.model, path.range)?.fields[path.field]?.values;
    if (values === 'event-types') return Object.keys(this.model.eventTypes);
    return values ?? null;
  }

  /**
   * The manual's first performance rule ("Write queries that run fast"): Inquire reads only the
   * weeks a condition on the session date allows, so a condition on a transaction's date alone
   * reads every week. An example that breaks the rule teaches readers to write slow queries.
   */
  private weeks(where: Node, scope: ReadonlyMap<string, string>): void {
    const dates = paths(where).filter((path) => path.field === 'date');
    const onSessions = dates.some((path) => scope.get(path.range) === 'sessions');
    const onTransactions = dates.find((path) => scope.get(path.range) === 'transactions');
    if (onTransactions && !onSessions)
      this.report(
        onTransactions,
        `${onTransactions.text} alone makes Inquire read every week: add a condition on the session's date`,
      );
  }

  /** listall with aggregates or group by: every other selected expression is one of the groups. */
  private grouping(query: Query): void {
    const aggregated = query.selection.some((item) => this.hasAggregate(item.expression));
    if (!aggregated && !query.group) return;
    const groups = new Set((query.group ?? []).map((target) => normal(target.text)));
    for (const item of query.selection) {
      if (this.hasAggregate(item.expression) || item.expression.type === 'literal') continue;
      if (groups.has(normal(item.text.replace(/\s+as\s+\w+$/i, ''))) || (item.alias && groups.has(item.alias)))
        continue;
      this.report(item, `${item.alias ?? item.text} is neither an aggregate nor in \`group by\``);
    }
  }

  private hasAggregate(node: Node): boolean {
    if (node.type === 'call' && this.model.functions[node.name as string]?.aggregate) return true;
    return children(node).some((child) => this.hasAggregate(child));
  }

  private bound(scope: ReadonlyMap<string, string>): string {
    return scope.size === 0 ? '' : `; bound here: ${[...scope.keys()].join(', ')}`;
  }

  private suggest(word: string, candidates: readonly string[], quote = ''): string {
    return suggestion(word, candidates, quote);
  }

  private report(node: Node, message: string): void {
    const { line, column } = node.location.start;
    this.problems.push({ line, column, message });
  }
}

/** "; did you mean x?" for the nearest candidate (a prefix first: t.flow → t.flowName), or nothing. */
function suggestion(word: string, candidates: readonly string[], quote = ''): string {
  const typed = word.toLowerCase().replace(/_/g, '-');
  let best: string | null = null;
  let score = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const d = lower.startsWith(typed) ? 0.5 : leven(typed, lower);
    if (d < score) [best, score] = [candidate, d];
  }
  return best === null ? '' : `; did you mean ${quote}${best}${quote}?`;
}

/** Every field path in an expression, exists conditions included. */
function paths(node: Node): Path[] {
  if (node.type === 'path') return [node as Path];
  if (node.type === 'exists') return paths(node.condition as Node);
  return children(node).flatMap(paths);
}

/** The sub-expressions of a node, in source order (exists has its own scope: see expression()). */
function children(node: Node): Node[] {
  switch (node.type) {
    case 'logical':
      return node.operands as Node[];
    case 'not':
    case 'negate':
      return [node.operand as Node];
    case 'compare':
    case 'arithmetic':
      return [node.left as Node, node.right as Node];
    case 'in':
    case 'null':
      return [node.left as Node];
    case 'call':
      return node.args as Node[];
    default:
      return [];
  }
}

const normal = (text: string) => text.replace(/\s+/g, '');

/** The kind of a range whose binding was wrong (reported once, at the binding). */
const UNKNOWN = '';
