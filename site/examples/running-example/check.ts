import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isPair, isScalar, parse, visit } from 'yaml';
import type { ExampleProblem } from '../problem.ts';
import { type ParsedSpec, readSpec } from '../spec-strings.ts';

/**
 * The running example as code: the language objects of the pizza bot have one content
 * (config/running-example.yaml), and every place that lists their entries — a CSV import row, a
 * table row of a page, an API example with `name` and `condition` — must agree with it. Fewer or
 * more entries pass (an example may show the object before or after an edit); other entries do not.
 */
const CANONICAL_FILE = path.resolve(import.meta.dirname, '../../config/running-example.yaml');

export class RunningExample {
  readonly #entries: Map<string, Set<string>>;
  /** How many listings of an object's entries were compared. */
  compared = 0;

  constructor(file = CANONICAL_FILE) {
    const config = parse(readFileSync(file, 'utf8')) as { languageObjects: Record<string, string[]> };
    this.#entries = new Map(Object.entries(config.languageObjects).map(([name, entries]) => [name, new Set(entries)]));
  }

  /** A problem when `entries` (of the object `name`) are neither a part of its entries nor contain them. */
  compare(name: string, entries: readonly string[], at: { line: number; column: number }): ExampleProblem[] {
    const canonical = this.#entries.get(name);
    if (!canonical) return [];
    this.compared += 1;
    const shown = new Set(entries.map((entry) => entry.trim()).filter(Boolean));
    const fewer = [...shown].every((entry) => canonical.has(entry));
    const more = [...canonical].every((entry) => shown.has(entry));
    if (fewer || more) return [];
    return [
      {
        ...at,
        message: `${name} is shown as ${[...shown].join(', ')}; the running example's ${name} is ${[...canonical].join(', ')} (config/running-example.yaml)`,
      },
    ];
  }

  /** CSV import rows (`name,type,entries,…`) of a code block or a spec string. */
  csvProblems(text: string, first: { line: number; column: number }): ExampleProblem[] {
    const lines = text.split('\n');
    const header = (lines[0] ?? '').split(',');
    const entriesColumn = header.indexOf('entries');
    if (header[0] !== 'name' || entriesColumn === -1) return [];
    return lines.slice(1).flatMap((row, i) => {
      const cells = row.split(',');
      return this.compare(cells[0] ?? '', (cells[entriesColumn] ?? '').split('|'), {
        line: first.line + i + 1,
        column: first.column,
      });
    });
  }

  /** Table rows of a page's source that list an object's entries: `| \`%PIZZA.SYN\` | pizza, pie |`. */
  tableProblems(source: string): ExampleProblem[] {
    return source.split('\n').flatMap((row, i) => {
      const match = /^\|\s*`%?([A-Z_]+\.[A-Z]+)`\s*\|\s*([^|]+?)\s*\|/.exec(row);
      if (!match) return [];
      return this.compare(match[1] as string, (match[2] as string).replace(/`/g, '').split(/,\s*/), {
        line: i + 1,
        column: 1,
      });
    });
  }

  /** API examples (`name: PIZZA.SYN` beside `condition: (pizza|…)`) and CSV strings of a spec file. */
  specProblems(file: string, { document, lineCounter }: ParsedSpec = readSpec(file)): ExampleProblem[] {
    const problems: ExampleProblem[] = [];
    const at = (offset: number | undefined) => ({ line: lineCounter.linePos(offset ?? 0).line, column: 1 });
    visit(document, {
      Map: (_, map) => {
        const value = (key: string) =>
          map.items.find((pair) => isPair(pair) && isScalar(pair.key) && pair.key.value === key)?.value;
        const name = value('name');
        const condition = value('condition');
        if (isScalar(name) && isScalar(condition) && typeof condition.value === 'string') {
          const entries = condition.value.replace(/^\((.*)\)$/, '$1').split('|');
          problems.push(...this.compare(String(name.value), entries, at(condition.range?.[0])));
        }
      },
      Scalar: (_, scalar) => {
        if (typeof scalar.value === 'string' && scalar.value.startsWith('name,'))
          problems.push(...this.csvProblems(scalar.value, at(scalar.range?.[0])));
      },
    });
    return problems;
  }
}
