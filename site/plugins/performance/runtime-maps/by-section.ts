import { type Node, parse } from 'acorn';
import { simple } from 'acorn-walk';

/**
 * A page chunk's file name listed by the route section that loads it, not by the runtime every
 * page loads. Rspack's chunk-to-file function (`__webpack_require__.u`) holds a name and a content
 * hash for every chunk of the site, and Docusaurus's `__webpack_require__.gca` a chunk id for every
 * chunk name: about 57 bytes a page, 588 KiB of runtime at 10,433 pages, fetched, compiled and run
 * before any page hydrates (docs/decisions/growth-with-content.md). A page's chunks are only ever
 * asked for after its section's route table has loaded (route-sections: the registry entries that
 * import them live in that module; the prefetch waits for it), so the section can carry them. A
 * chunk that several sections load and the shell does not (a sidebar group's module, whose registry
 * entry route-sections puts in each of those sections) is registered by each.
 *
 * This module rewrites the runtime: the moved chunks leave its maps, and `.u` first looks in
 * `self.__talaChunkFiles`, which each section chunk fills when it runs (sectionRegistration).
 * `.gca` needs no change: a name missing from its map is passed on to `.u` as it is, and a section
 * registers its chunks under their names too. The rewrite is all or nothing: when the runtime's
 * shape is not the expected one, it is left whole and no section registers anything.
 */

/** The global each section chunk fills with its page chunks' files (relative to the public path). */
export const CHUNK_FILES_GLOBAL = '__talaChunkFiles';

interface Property extends Node {
  key: Node & { name?: string; value?: unknown };
  computed: boolean;
}
interface Assignment extends Node {
  operator: string;
  left: Node & { type: string; property?: Node & { name?: string }; computed?: boolean };
  right: Node;
}

const FUNCTION = new Set(['FunctionExpression', 'ArrowFunctionExpression']);

/** The runtime's `X.name = function…` assignments, by property name. */
function runtimeFunctions(program: Node): Map<string, Node[]> {
  const found = new Map<string, Node[]>();
  simple(program, {
    AssignmentExpression(node) {
      const { operator, left, right } = node as unknown as Assignment;
      if (operator !== '=' || left.type !== 'MemberExpression' || left.computed) return;
      const name = left.property?.name;
      if (!name || !FUNCTION.has(right.type)) return;
      found.set(name, [...(found.get(name) ?? []), right]);
    },
  });
  return found;
}

function keyOf(property: Property): string | undefined {
  if (property.computed) return undefined;
  if (property.key.type === 'Identifier') return property.key.name;
  return property.key.type === 'Literal' ? String(property.key.value) : undefined;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The object literals inside `fn` with the properties whose key is in `drop` left out. */
function dropEntries(code: string, fn: Node, drop: ReadonlySet<string>, edits: Edit[]): void {
  simple(fn, {
    ObjectExpression(node) {
      const properties = (node as unknown as { properties: Property[] }).properties;
      const kept = properties.filter((p) => {
        const key = keyOf(p);
        return key === undefined || !drop.has(key);
      });
      if (kept.length === properties.length) return;
      edits.push({
        start: node.start,
        end: node.end,
        text: `{${kept.map((p) => code.slice(p.start, p.end)).join(',')}}`,
      });
    },
  });
}

/**
 * The runtime without the given chunks in its maps (ids from `.u`'s, names from `.gca`'s) and with
 * `.u` reading the sections' registrations first; undefined when the runtime has not exactly one
 * `.u` and one `.gca` function (a bundler or Docusaurus upgrade changed them: nothing is moved).
 */
export function withoutSectionChunks(
  code: string,
  ids: ReadonlySet<string>,
  names: ReadonlySet<string>,
): string | undefined {
  if (code.includes(CHUNK_FILES_GLOBAL))
    throw new Error(`runtime-maps: the runtime already uses ${CHUNK_FILES_GLOBAL}`);
  const functions = runtimeFunctions(parse(code, { ecmaVersion: 'latest', sourceType: 'script' }));
  const [fileOf, assetOf] = [functions.get('u'), functions.get('gca')];
  if (fileOf?.length !== 1 || assetOf?.length !== 1) return undefined;
  const [u] = fileOf as [Node];
  const edits: Edit[] = [];
  dropEntries(code, u, ids, edits);
  dropEntries(code, assetOf[0] as Node, names, edits);
  // `.u` itself, wrapped: (f => e => registered[e] || f(e))(original). Edits inside it are applied first.
  const inner = applyEdits(
    code.slice(u.start, u.end),
    edits
      .filter((e) => e.start >= u.start && e.end <= u.end)
      .map((e) => ({ ...e, start: e.start - u.start, end: e.end - u.start })),
  );
  const wrapped = `(f=>e=>{var m=self.${CHUNK_FILES_GLOBAL};return m&&m[e]||f(e)})(${inner})`;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  // A literal inside another one: not the flat maps this expects.
  if (sorted.some((e, i) => i > 0 && e.start < (sorted[i - 1] as Edit).end)) return undefined;
  return applyEdits(code, [
    ...edits.filter((e) => e.start < u.start || e.end > u.end),
    { start: u.start, end: u.end, text: wrapped },
  ]);
}

function applyEdits(code: string, edits: readonly Edit[]): string {
  let out = '';
  let last = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += code.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  return out + code.slice(last);
}

/** A chunk the runtime no longer lists: its id, its name (if it has one) and its file. */
export interface MovedChunk {
  id: string;
  name?: string | undefined;
  file: string;
}

/** What a section chunk appends: its page chunks' files, by id and by name. */
export function sectionRegistration(chunks: readonly MovedChunk[]): string {
  const files: Record<string, string> = {};
  for (const chunk of chunks) {
    files[chunk.id] = chunk.file;
    if (chunk.name && chunk.name !== chunk.id) files[chunk.name] = chunk.file;
  }
  return `;Object.assign(self.${CHUNK_FILES_GLOBAL}||(self.${CHUNK_FILES_GLOBAL}={}),${JSON.stringify(files)});`;
}
