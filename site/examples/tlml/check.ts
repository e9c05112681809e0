import { readFileSync } from 'node:fs';
import { SaxesParser } from 'saxes';
import { parse as parseYaml } from 'yaml';
import type { ExampleProblem } from '../problem.ts';

/**
 * TLML as the XML it is: an output is parsed by saxes, a maintained strict XML parser that
 * reports the line and column of every well-formedness error, inside a wrapper element (an output
 * is a fragment: text and elements, no single root). Then each element is checked against the
 * elements and attributes the TLML page documents (model.yaml): known names, required and allowed
 * attributes, allowed children, how many buttons, and address schemes.
 */

interface ElementSpec {
  attributes: Record<string, boolean>;
  text: boolean;
  children: string[];
  minButtons?: number;
  maxButtons?: number;
  oneOf?: string[];
  requiredWith?: Record<string, string>;
}
export interface TlmlModel {
  top: { text: boolean; children: string[] };
  elements: Record<string, ElementSpec>;
  schemes: Record<string, string[]>;
  values: Record<string, string[]>;
}

export const TLML_MODEL = parseYaml(readFileSync(new URL('./model.yaml', import.meta.url), 'utf8')) as TlmlModel;

/** The wrapper's name: not a TLML element, so an output cannot open or close it. */
const ROOT = 'tlml-output';

interface Open {
  name: string;
  spec: ElementSpec | null;
  buttons: number;
  line: number;
  column: number;
}

export function checkTlml(source: string, model: TlmlModel = TLML_MODEL): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  const parser = new SaxesParser({ position: true });
  // The wrapper's start tag is on a line of its own, so lines in the output start at 2: subtract one.
  // An error found at the wrapper's end tag (an element left open) is reported at the output's last line.
  const lines = source.split('\n').length;
  const at = (line: number, column: number, message: string) =>
    problems.push({ line: Math.min(line - 1, lines), column: line - 1 > lines ? 1 : column, message });
  const stack: Open[] = [];
  const parentSpec = () => {
    const parent = stack.at(-1);
    return parent?.name === ROOT ? { text: model.top.text, children: model.top.children } : parent?.spec;
  };
  parser.on('opentag', (tag) => {
    const line = parser.line;
    const column = parser.column;
    if (tag.name === ROOT && stack.length === 0) {
      stack.push({ name: ROOT, spec: null, buttons: 0, line, column });
      return;
    }
    const spec = model.elements[tag.name] ?? null;
    const parent = stack.at(-1);
    const allowed = parentSpec();
    if (!spec)
      at(
        line,
        column,
        `unknown element <${tag.name}>; TLML has ${Object.keys(model.elements)
          .map((e) => `<${e}>`)
          .join(', ')}`,
      );
    else if (allowed && !allowed.children.includes(tag.name))
      at(
        line,
        column,
        `<${tag.name}> is not allowed ${parent?.name === ROOT ? 'at the top level' : `inside <${parent?.name}>`}`,
      );
    if (spec)
      attributes(tag.name, tag.attributes as Record<string, string>, spec, (message) => at(line, column, message));
    if (tag.name === 'button' && parent) parent.buttons++;
    stack.push({ name: tag.name, spec, buttons: 0, line, column });
  });
  parser.on('closetag', () => {
    const closed = stack.pop();
    if (!closed?.spec) return;
    const { minButtons, maxButtons } = closed.spec;
    if (minButtons !== undefined && closed.buttons < minButtons)
      at(closed.line, closed.column, `<${closed.name}> needs at least ${minButtons} <button>`);
    if (maxButtons !== undefined && closed.buttons > maxButtons)
      at(closed.line, closed.column, `<${closed.name}> holds at most ${maxButtons} <button>, not ${closed.buttons}`);
  });
  parser.on('text', (text) => {
    const allowed = parentSpec();
    if (allowed && !allowed.text && text.trim() !== '')
      at(parser.line, parser.column, `text is not allowed inside <${stack.at(-1)?.name}>`);
  });
  parser.on('error', (error) => {
    // saxes messages start with "line:column: ".
    const match = /^(\d+):(\d+): (.*)$/s.exec(error.message);
    if (match) at(Number(match[1]), Number(match[2]), `not well-formed: ${match[3]}`);
    else problems.push({ line: 1, column: 1, message: `not well-formed: ${error.message}` });
  });
  try {
    parser.write(`<${ROOT}>\n${source}\n</${ROOT}>`).close();
  } catch {
    // saxes stops after the first fatal error it reported through 'error'.
  }
  return problems;

  function attributes(
    name: string,
    given: Record<string, string>,
    spec: ElementSpec,
    report: (message: string) => void,
  ) {
    for (const attribute of Object.keys(given)) {
      if (!(attribute in spec.attributes))
        report(`<${name}> has no attribute ${attribute}; it has ${Object.keys(spec.attributes).join(', ') || 'none'}`);
    }
    for (const [attribute, required] of Object.entries(spec.attributes)) {
      if (required && !(attribute in given)) report(`<${name}> needs the attribute ${attribute}`);
    }
    if (spec.oneOf && spec.oneOf.filter((a) => a in given).length !== 1)
      report(`<${name}> needs exactly one of ${spec.oneOf.join(', ')}`);
    for (const [attribute, needed] of Object.entries(spec.requiredWith ?? {})) {
      if (attribute in given && !(needed in given)) report(`<${name}> with ${attribute} needs ${needed}`);
    }
    for (const [attribute, value] of Object.entries(given)) {
      const schemes = model.schemes[attribute];
      // An address computed by an expression is checked by the engine at run time, not here.
      if (schemes && !value.startsWith('${') && !schemes.some((scheme) => value.startsWith(scheme)))
        report(`${attribute}="${value}" must start with ${schemes.join(', ')}`);
      const values = model.values[attribute];
      if (values && !values.includes(value)) report(`${attribute}="${value}": one of ${values.join(', ')}`);
    }
  }
}
