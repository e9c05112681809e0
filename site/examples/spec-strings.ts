import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Document, isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';

/** A string of an OpenAPI spec source (site/openapi/specs), with the line its value starts on. */
export interface SpecString {
  file: string;
  /** The key the string is the value of (`query`, `script`, `description`). */
  key: string;
  text: string;
  line: number;
}

/** The spec sources, one YAML file per resource family (the merged copies are not sources). */
export function specFiles(specsDir: string): string[] {
  return readdirSync(specsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml') && !entry.parentPath.includes('.merged'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A spec source parsed with its lines: the checks that read a spec share one parse (a tenth of the check at 10,000 pages). */
export interface ParsedSpec {
  document: Document;
  lineCounter: LineCounter;
}

export function readSpec(file: string): ParsedSpec {
  const lineCounter = new LineCounter();
  return { document: parseDocument(readFileSync(file, 'utf8'), { lineCounter }), lineCounter };
}

/** Every string value of a spec file under a key, in document order. */
export function specStrings(file: string, { document, lineCounter }: ParsedSpec = readSpec(file)): SpecString[] {
  const found: SpecString[] = [];
  const walk = (node: unknown, key: string) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isPair(pair)) walk(pair.value, isScalar(pair.key) ? String(pair.key.value) : key);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) walk(item, key);
    } else if (isScalar(node) && typeof node.value === 'string' && (node as Node).range) {
      found.push({ file, key, text: node.value, line: lineCounter.linePos((node as Node).range?.[0] ?? 0).line });
    }
  };
  walk(document.contents, '');
  return found;
}
