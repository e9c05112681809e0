import { type Node, parse } from 'acorn';
import { ancestor } from 'acorn-walk';

/**
 * The bundler runtime's chunk maps built once instead of on every call. Rspack (like webpack)
 * writes the chunk-to-file-name function as `e => "assets/js/" + ({…}[e] || e) + "." + {…}[e] + ".js"`,
 * and Docusaurus's `__webpack_require__.gca` as `e = {…}[e] || e`: object literals of every chunk,
 * inside the function, so each call builds them again. The viewport prefetch calls both for each
 * chunk of each link that scrolls into view; at 3,412 pages that was 268 ms of a 461 ms idle-time
 * task (docs/decisions/growth-with-content.md). Neither tool has an option to emit them otherwise.
 *
 * A literal is moved to a variable at the start of the runtime only when the move cannot change
 * what the code does: it is built of constants only (plain keys, string or number values), it sits
 * inside a function, and it is only read, once, by a computed key right where it is written
 * (`{…}[key]`: not assigned to, not deleted, not called, not kept). A fresh literal read once and
 * a shared one that nobody writes give the same value.
 */

type Ancestors = Node[];
interface Literal extends Node {
  type: 'Literal';
  value: unknown;
}
interface Property extends Node {
  type: 'Property';
  kind: string;
  computed: boolean;
  method: boolean;
  shorthand: boolean;
  key: Node;
  value: Node;
}
interface ObjectExpression extends Node {
  properties: Node[];
}
interface MemberExpression extends Node {
  object: Node;
  computed: boolean;
}

/** The prefix of the variables the hoisted literals become; the code must not use it already. */
export const HOISTED_NAME = '__talaChunkMap';

const FUNCTION = new Set(['FunctionExpression', 'FunctionDeclaration', 'ArrowFunctionExpression']);
/** Hoisting a literal of a few entries saves less than it costs to read. */
const MIN_PROPERTIES = 8;

function isConstant(node: Node): boolean {
  if (node.type !== 'Literal') return false;
  const { value } = node as Literal;
  return typeof value === 'string' || typeof value === 'number';
}

function isConstantEntry(node: Node): boolean {
  if (node.type !== 'Property') return false;
  const p = node as Property;
  if (p.kind !== 'init' || p.computed || p.method || p.shorthand) return false;
  // `__proto__: x` sets the prototype instead of a key.
  const key = p.key.type === 'Identifier' ? (p.key as unknown as { name: string }).name : (p.key as Literal).value;
  return key !== '__proto__' && (p.key.type === 'Identifier' || isConstant(p.key)) && isConstant(p.value);
}

/** `{…}[key]` read where it stands: the member is not written, deleted, called or the target of a loop. */
function isReadOnceByKey(literal: Node, ancestors: Ancestors): boolean {
  const member = ancestors.at(-2) as MemberExpression | undefined;
  if (member?.type !== 'MemberExpression' || member.object !== literal || !member.computed) return false;
  const user = ancestors.at(-3) as (Node & Record<string, unknown>) | undefined;
  if (!user) return false;
  if (user.type === 'AssignmentExpression' && user.left === member) return false;
  if (user.type === 'UpdateExpression') return false;
  if (user.type === 'UnaryExpression' && user.operator === 'delete') return false;
  if (user.type === 'CallExpression' && user.callee === member) return false;
  if ((user.type === 'ForInStatement' || user.type === 'ForOfStatement') && user.left === member) return false;
  return true;
}

interface ChunkMaps {
  /** The function whose body gets the declarations. */
  outermost: Node & { body: Node };
  /** Where each literal stands in the code. */
  ranges: { start: number; end: number }[];
}

/** The literals that may be hoisted, with the function they go to; undefined when there is none. */
export function chunkMapsIn(code: string): ChunkMaps | undefined {
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'script' });
  const ranges: ChunkMaps['ranges'] = [];
  let outermost: ChunkMaps['outermost'] | undefined;
  ancestor(program, {
    ObjectExpression(node, _state, ancestors: Ancestors) {
      const { properties } = node as unknown as ObjectExpression;
      if (properties.length < MIN_PROPERTIES || !properties.every(isConstantEntry)) return;
      const functions = ancestors.filter((a) => FUNCTION.has(a.type));
      if (functions.length === 0 || !isReadOnceByKey(node, ancestors)) return;
      const top = functions[0] as ChunkMaps['outermost'];
      // One runtime, one outermost function: a second would need its own declarations.
      if (outermost && outermost !== top) throw new Error('runtime-maps: chunk maps in two top-level functions');
      outermost = top;
      ranges.push({ start: node.start, end: node.end });
    },
  });
  return outermost ? { outermost, ranges } : undefined;
}

/** The code with every such literal declared once at the start of its outermost function; unchanged when there is none. */
export function hoistChunkMaps(code: string): string {
  if (code.includes(HOISTED_NAME)) throw new Error(`runtime-maps: the runtime already uses ${HOISTED_NAME}`);
  const found = chunkMapsIn(code);
  if (!found) return code;
  const { outermost, ranges: hoists } = found;
  if (outermost.body.type !== 'BlockStatement') throw new Error('runtime-maps: the runtime is not a function body');
  const body = outermost.body as Node & { body: Node[] };
  // After the directive prologue ("use strict"), which must stay first.
  let at = body.start + 1;
  for (const statement of body.body) {
    if (!('directive' in statement)) break;
    at = statement.end;
  }
  const declarations = hoists.map((h, i) => `${HOISTED_NAME}${i}=${code.slice(h.start, h.end)}`);
  let out = '';
  let last = 0;
  const edits = [
    { start: at, end: at, text: `;var ${declarations.join(',')};` },
    ...hoists.map((h, i) => ({ ...h, text: `${HOISTED_NAME}${i}` })),
  ].sort((a, b) => a.start - b.start);
  for (const edit of edits) {
    out += code.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  return out + code.slice(last);
}
