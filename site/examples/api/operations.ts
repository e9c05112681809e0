import { readFileSync } from 'node:fs';
import path from 'node:path';
import leven from 'leven';
import { parse as parseYaml } from 'yaml';
import { operationRouteOf, readLayout, routeBaseOf } from '../../openapi/scripts/layout.ts';
import { APIS, type ApiName, mergeApi, SPECS_DIR } from '../../openapi/scripts/merge.ts';

/**
 * The operations of the API specs (site/openapi/specs, merged as the reference pages are), for
 * matching the calls a guide shows: method and path template, with each API's base path
 * (`/studio/v8`, or `/solutions/{solutionId}/{environment}` for the Engine API) from its servers
 * and its host as guides write it (`{studio-host}`) from its layout.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface Operation {
  api: ApiName;
  method: string;
  /** As in the spec: `/solutions/{solutionId}/flows`. */
  template: string;
  operationId: string;
  /** The operation's family (its first tag) and page slug (`x-slug`): where its reference page is. */
  family: string;
  slug: string;
  /** Its reference page's route, and whether that page is in the gated on-prem section. */
  route: string;
  onPrem: boolean;
  /** Where the JSON request body's schema is (`merged/studio.yaml#/paths/…`), if it takes one. */
  requestSchema: string | null;
  /**
   * The credentials the operation takes, from its security requirements: alternatives, each a list
   * of headers as headerNames writes them (`x-tala-session`, `authorization: bearer`). Empty: none needed.
   */
  credentials: string[][];
  /** Where each JSON response's schema is, by status (error responses often in `common.yaml#/…`). */
  responseSchemas: Record<string, string>;
}

export interface ApiSpecs {
  operations: Operation[];
  /** Each API's base path, from its first server URL, server variables kept: `/studio/v8`. */
  basePaths: Record<ApiName, string>;
  /** Each API's host as guides write it (`{studio-host}`). */
  hosts: Record<ApiName, string>;
  /** The merged documents (Ajv compiles the schemas in place). */
  documents: Record<ApiName, Record<string, unknown>>;
  /** specs/common.yaml, which the merged documents refer to as `../common.yaml`. */
  common: Record<string, unknown>;
}

type Security = Record<string, string[]>[];
type Scheme = { type?: string; in?: string; name?: string; scheme?: string };
type Doc = {
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
  security?: Security;
  components?: { securitySchemes?: Record<string, Scheme> };
};

/** A security scheme as the header a call sends for it; null for schemes no header carries. */
function schemeHeader(scheme: Scheme | undefined): string | null {
  if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name) return scheme.name.toLowerCase();
  if (scheme?.type === 'http' && scheme.scheme) return `authorization: ${scheme.scheme.toLowerCase()}`;
  if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') return 'authorization: bearer';
  return null;
}

const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

export function loadApiSpecs(): ApiSpecs {
  const operations: Operation[] = [];
  const basePaths = {} as Record<ApiName, string>;
  const hosts = {} as Record<ApiName, string>;
  const documents = {} as Record<ApiName, Record<string, unknown>>;
  const common = parseYaml(readFileSync(path.join(SPECS_DIR, 'common.yaml'), 'utf8')) as Record<string, unknown>;
  for (const api of APIS) {
    const doc = mergeApi(api) as unknown as Doc & Record<string, unknown>;
    documents[api] = doc;
    basePaths[api] = (doc.servers?.[0]?.url ?? '').replace(/^\w+:\/\/[^/]*/, '').replace(/\/$/, '');
    const layout = readLayout(SPECS_DIR, api);
    hosts[api] = layout.host;
    const self = `merged/${api}.yaml`;
    // A request body or response given by $ref (often ../common.yaml's shared errors): where it is.
    const located = (value: unknown, where: string): { object: WithContent; where: string } => {
      const ref = (value as { $ref?: string } | undefined)?.$ref;
      if (!ref) return { object: (value ?? {}) as WithContent, where };
      const [file = '', fragment = ''] = ref.split('#');
      const target = file === '' ? doc : common;
      const name = file === '' ? self : 'common.yaml';
      const object = fragment
        .split('/')
        .slice(1)
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[unescapePointer(key)], target);
      return { object: (object ?? {}) as WithContent, where: `${name}#${fragment}` };
    };
    const jsonSchema = ({ object, where }: { object: WithContent; where: string }) =>
      object.content?.['application/json'] ? `${where}/content/application~1json/schema` : null;
    for (const [template, item] of Object.entries(doc.paths ?? {})) {
      for (const method of METHODS) {
        const operation = item[method] as
          | {
              operationId?: string;
              tags?: string[];
              'x-slug'?: string;
              requestBody?: unknown;
              responses?: Record<string, unknown>;
              security?: Security;
            }
          | undefined;
        if (!operation) continue;
        const at = `${self}${pointer('paths', template, method)}`;
        const responseSchemas: Record<string, string> = {};
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const schema = jsonSchema(located(response, `${at}/responses/${status}`));
          if (schema) responseSchemas[status] = schema;
        }
        operations.push({
          api,
          method: method.toUpperCase(),
          template,
          operationId: operation.operationId ?? '',
          family: operation.tags?.[0] ?? '',
          slug: operation['x-slug'] ?? '',
          route: operationRouteOf(layout, operation.tags?.[0] ?? '', operation['x-slug'] ?? ''),
          onPrem: routeBaseOf(layout) !== '',
          requestSchema: operation.requestBody ? jsonSchema(located(operation.requestBody, `${at}/requestBody`)) : null,
          responseSchemas,
          credentials: (operation.security ?? doc.security ?? []).map((requirement) =>
            Object.keys(requirement).flatMap((name) => schemeHeader(doc.components?.securitySchemes?.[name]) ?? []),
          ),
        });
      }
    }
  }
  return { operations, basePaths, hosts, documents, common };
}

type WithContent = { content?: Record<string, unknown> };
const unescapePointer = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~');

const segments = (path: string) => path.split('/').filter(Boolean);
const isParameter = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Whether a guide's path (`/solutions/sol-8c41e2/flows` or `/solutions/{id}/flows`) fits a template. */
export function fits(template: string, path: string): boolean {
  return fitsSegments(segments(template), segments(path));
}

function fitsSegments(want: readonly string[], have: readonly string[]): boolean {
  return (
    want.length === have.length &&
    want.every((segment, i) => {
      const given = have[i] as string;
      // A placeholder in the guide stands for a value: it fits a parameter, never a fixed segment.
      return isParameter(segment) ? true : !isParameter(given) && segment === given;
    })
  );
}

export type Match = { operation: Operation } | { operation: null; nearest: string | null };

/** The rest of `path` after a base path (`/studio/v8`, `/solutions/{solutionId}/{environment}`), or null. */
function underBase(base: string, path: string): string | null {
  const prefix = segments(base);
  const have = segments(path);
  if (prefix.length === 0 || !fits(prefix.join('/'), have.slice(0, prefix.length).join('/'))) return null;
  return `/${have.slice(prefix.length).join('/')}`;
}

/**
 * The operation a call names, or else the nearest one (for the examples check's message). `path` is
 * without query string.
 */
export function findOperation(specs: ApiSpecs, method: string, path: string, host: string | null = null): Match {
  const where = whereToLook(specs, path, host);
  const operation = firstFitting(specs, method, where);
  if (operation) return { operation };
  const { candidates, plain } = where;
  return { operation: null, nearest: nearestOperation(specs, candidates.length > 0 ? candidates : plain, method) };
}

/**
 * The operation a call names, or null. The call's host, when it names an API's (`{engine-host}`),
 * says which API; so does a path that starts with an API's base path (`/studio/v8/solutions`);
 * otherwise the path may name an operation of any API.
 */
export function operationNamed(
  specs: ApiSpecs,
  method: string,
  path: string,
  host: string | null = null,
): Operation | null {
  return firstFitting(specs, method, whereToLook(specs, path, host));
}

function firstFitting(specs: ApiSpecs, method: string, { candidates, plain }: ReturnType<typeof whereToLook>) {
  for (const { api, path: relative } of [...candidates, ...plain]) {
    const operation = operationFitting(specs, api, method, relative);
    if (operation) return operation;
  }
  return null;
}

function whereToLook(specs: ApiSpecs, path: string, host: string | null) {
  const apis = APIS.filter((api) => host === null || specs.hosts[api] === host.replace(/:\d+$/, ''));
  const candidates: { api: ApiName; path: string }[] = [];
  for (const api of apis) {
    const relative = underBase(specs.basePaths[api] ?? '', path);
    if (relative !== null) candidates.push({ api, path: relative });
  }
  // A base path with variables (the Engine API's) also fits a path written without base of
  // another API (`/solutions/{id}/flows/…`): the plain path is tried after the candidates.
  const plain = apis.map((api) => ({ api, path }));
  return { candidates, plain };
}

/**
 * The first operation of `api` (in the specs' order) whose template `path` fits, found in an index of
 * the operations by API, method and number of path segments, each with its template's segments, in
 * the specs' order: the first that fits in its group is the first that fits of all (an operation of
 * another API, method or length never fits). Built once per ApiSpecs: guides name an operation in
 * thousands of code spans, and a scan of every operation for each took 10 s of a 10,000-page build.
 */
export function operationFitting(specs: ApiSpecs, api: ApiName, method: string, path: string): Operation | null {
  const have = segments(path);
  const entries = operationIndexOf(specs).get(indexKey(api, method, have.length)) ?? [];
  return entries.find((entry) => fitsSegments(entry.want, have))?.operation ?? null;
}

type IndexEntry = { operation: Operation; want: string[] };
const operationIndexes = new WeakMap<ApiSpecs, Map<string, IndexEntry[]>>();
const indexKey = (api: ApiName, method: string, length: number) => `${api} ${method} ${length}`;

function operationIndexOf(specs: ApiSpecs): Map<string, IndexEntry[]> {
  let index = operationIndexes.get(specs);
  if (index) return index;
  index = new Map();
  for (const operation of specs.operations) {
    const want = segments(operation.template);
    const key = indexKey(operation.api, operation.method, want.length);
    const entries = index.get(key) ?? [];
    if (entries.length === 0) index.set(key, entries);
    entries.push({ operation, want });
  }
  operationIndexes.set(specs, index);
  return index;
}

/**
 * The most similar operation of the same method, written as a guide would (base path included):
 * the most fixed segments in common (`solutions`, `publish`), then the closest in length and spelling.
 */
function nearestOperation(specs: ApiSpecs, where: { api: ApiName; path: string }[], method: string): string | null {
  let best: string | null = null;
  let bestScore: number[] = [];
  for (const { api, path } of where) {
    const given = segments(path).filter((s) => !isParameter(s) && !/\d/.test(s));
    for (const operation of specs.operations) {
      if (operation.api !== api || operation.method !== method) continue;
      const fixed = segments(operation.template).filter((s) => !isParameter(s));
      const shared = given.filter((s) => fixed.includes(s)).length;
      const score = [
        -shared,
        Math.abs(segments(operation.template).length - segments(path).length),
        leven(given.join('/'), fixed.join('/')),
      ];
      if (best === null || lexicographic(score, bestScore) < 0)
        [best, bestScore] = [`${method} ${specs.basePaths[api]}${operation.template}`, score];
    }
  }
  return best;
}

const lexicographic = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
};
