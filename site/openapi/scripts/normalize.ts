/**
 * Turns a bundled OpenAPI document into plain page data: every $ref resolved (cycles cut and named),
 * allOf merged into one object, constraints spelled out. Components render this data as it is.
 */
import type { OperationData, ParameterData, ResponseData, SchemaNode } from '../components/types';

type Json = Record<string, unknown>;
const MAX_DEPTH = 8;

export class Normalizer {
  constructor(private readonly doc: Json) {}

  resolve<T = Json>(value: unknown): T {
    let current = value as Json;
    for (let hops = 0; hops < 10 && current && typeof current.$ref === 'string'; hops++) {
      current = this.pointer(current.$ref as string);
    }
    return current as T;
  }

  private pointer(ref: string): Json {
    if (!ref.startsWith('#/')) throw new Error(`Unresolved external reference ${ref}`);
    let node: unknown = this.doc;
    for (const part of ref.slice(2).split('/')) {
      node = (node as Json)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (node === undefined) throw new Error(`Broken reference ${ref}`);
    return node as Json;
  }

  schema(raw: unknown, seen: string[] = [], depth = 0): SchemaNode {
    const ref = typeof (raw as Json)?.$ref === 'string' ? ((raw as Json).$ref as string) : null;
    const name = ref?.split('/').pop() ?? null;
    if (ref && seen.includes(ref)) return { circular: name ?? ref, constraints: [] };
    if (depth > MAX_DEPTH) return { circular: name ?? 'schema', constraints: [] };
    const nextSeen = ref ? [...seen, ref] : seen;
    const s = this.resolve(raw) ?? {};
    const merged = Array.isArray(s.allOf) ? this.mergeAllOf(s, nextSeen, depth) : s;

    const node: SchemaNode = { constraints: constraintsOf(merged) };
    if (name) node.title = name;
    if (merged.type !== undefined) node.type = merged.type as string | string[];
    for (const key of ['format', 'description', 'pattern'] as const) {
      if (typeof merged[key] === 'string') node[key] = merged[key] as string;
    }
    if (Array.isArray(merged.enum)) node.enum = merged.enum;
    if ('default' in merged) node.default = merged.default;
    if (merged.deprecated === true) node.deprecated = true;
    const example = merged.example ?? (Array.isArray(merged.examples) ? merged.examples[0] : undefined);
    if (example !== undefined) node.example = example;
    if (merged.properties && typeof merged.properties === 'object') {
      const required = new Set((merged.required as string[] | undefined) ?? []);
      node.properties = Object.entries(merged.properties as Json).map(([prop, value]) => ({
        name: prop,
        required: required.has(prop),
        schema: this.schema(value, nextSeen, depth + 1),
      }));
    }
    if (merged.items) node.items = this.schema(merged.items, nextSeen, depth + 1);
    for (const key of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(merged[key]))
        node[key] = (merged[key] as unknown[]).map((v) => this.schema(v, nextSeen, depth + 1));
    }
    const discriminator = merged.discriminator as { propertyName?: string } | undefined;
    if (discriminator?.propertyName) node.discriminator = discriminator.propertyName;
    return node;
  }

  /** allOf: one object with the union of properties and required lists (what readers need to see). */
  private mergeAllOf(s: Json, seen: string[], depth: number): Json {
    const out: Json = {
      ...s,
      allOf: undefined,
      properties: { ...((s.properties as Json) ?? {}) },
      required: [...((s.required as string[]) ?? [])],
    };
    for (const part of s.allOf as unknown[]) {
      const ref = (part as Json)?.$ref as string | undefined;
      if (ref && seen.includes(ref)) continue;
      const resolved = this.resolve(part);
      const flat = Array.isArray(resolved.allOf)
        ? this.mergeAllOf(resolved, ref ? [...seen, ref] : seen, depth + 1)
        : resolved;
      Object.assign(out.properties as Json, (flat.properties as Json) ?? {});
      (out.required as string[]).push(...((flat.required as string[]) ?? []));
      for (const key of ['type', 'description', 'discriminator', 'oneOf', 'anyOf', 'items', 'enum', 'format']) {
        if (out[key] === undefined && flat[key] !== undefined) out[key] = flat[key];
      }
    }
    if (out.type === undefined) out.type = 'object';
    return out;
  }

  parameters(raw: unknown[] | undefined): ParameterData[] {
    return (raw ?? []).map((p) => {
      const param = this.resolve(p);
      return {
        name: String(param.name),
        in: String(param.in) as ParameterData['in'],
        required: param.required === true,
        deprecated: param.deprecated === true,
        description: typeof param.description === 'string' ? param.description : '',
        schema: this.schema(param.schema ?? {}),
      };
    });
  }

  responses(raw: Json | undefined): ResponseData[] {
    return Object.entries(raw ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, value]) => {
        const response = this.resolve(value);
        const [contentType, media] = Object.entries((response.content as Json) ?? {})[0] ?? [];
        const mediaObject = (media ?? {}) as Json;
        return {
          status,
          description: typeof response.description === 'string' ? response.description : '',
          contentType: contentType ?? null,
          schema: media ? this.schema(mediaObject.schema ?? {}) : null,
          example: exampleOf(mediaObject, this),
        };
      });
  }
}

function exampleOf(media: Json, normalizer: Normalizer): unknown {
  if (media.example !== undefined) return media.example;
  const examples = media.examples as Json | undefined;
  const first = examples ? Object.values(examples)[0] : undefined;
  return first ? (normalizer.resolve(first) as Json).value : undefined;
}

function constraintsOf(s: Json): string[] {
  const out: string[] = [];
  const add = (label: string, key: string) => s[key] !== undefined && out.push(`${label} ${JSON.stringify(s[key])}`);
  add('minimum', 'minimum');
  add('maximum', 'maximum');
  add('exclusive minimum', 'exclusiveMinimum');
  add('exclusive maximum', 'exclusiveMaximum');
  add('min length', 'minLength');
  add('max length', 'maxLength');
  add('min items', 'minItems');
  add('max items', 'maxItems');
  if (s.uniqueItems === true) out.push('unique items');
  if (s.readOnly === true) out.push('read-only');
  if (s.writeOnly === true) out.push('write-only');
  return out;
}

export type { OperationData };
