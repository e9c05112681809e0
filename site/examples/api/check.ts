import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ApiName } from '../../openapi/scripts/merge.ts';
import type { ExampleProblem } from '../problem.ts';
import type { ApiCall } from './calls.ts';
import { type ApiSpecs, findOperation, loadApiSpecs, type Operation } from './operations.ts';

/**
 * API calls as code: a call a guide shows must be an operation of an API's spec (method and path template), and its JSON body must validate against the operation's request
 * schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it, on the merged spec as the reference
 * pages render it).
 */

/** Where the specs sit for Ajv's $ref resolution (a name, never fetched). */
const SPEC_BASE = 'https://specs.tala-docs.invalid/';

export type CallVerdict =
  | { checked: false; why: string }
  /** `operation`: the one the call names, for checking the response shown after it (null: none). */
  | { checked: true; problems: ExampleProblem[]; operation: Operation | null };

/**
 * Calls outside the specs, on purpose: the legacy API JSPs (their own page documents them,
 * reference/apis/interfacing-with-api-jsps) and paths of an earlier API version, which release
 * notes of earlier versions show as they were.
 */
const LEGACY_JSP = /^\/studio\/v\d+\/jsp\/[\w-]+\.jsp$/;
const VERSIONED = /^\/([a-z]+)\/(v\d+)(\/|$)/;

export class ApiCallChecker {
  readonly #specs: ApiSpecs;
  readonly #ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false, allErrors: true });
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #hosts: Set<string>;

  constructor(specs: ApiSpecs = loadApiSpecs()) {
    this.#specs = specs;
    this.#hosts = new Set(Object.values(specs.hosts));
    // The merged specs refer to ../common.yaml as the files on disk do: the same layout under one base URI.
    const documents: Record<string, Json> = { 'common.yaml': specs.common };
    for (const [api, document] of Object.entries(specs.documents)) documents[`merged/${api}.yaml`] = document;
    const parts = allOfParts(Object.values(documents));
    for (const [name, document] of Object.entries(documents))
      this.#ajv.addSchema(closed(document, parts), `${SPEC_BASE}${name}`);
  }

  /**
   * Problems of one call (line and column: the call's own). Not checked: calls to hosts of no
   * specified API (each API's layout names the host guides write, docs/style-guide.md "Code
   * blocks"), such as an identity provider.
   */
  check(call: ApiCall): CallVerdict {
    if (call.host !== null && !this.#hosts.has(call.host.replace(/:\d+$/, '')))
      return { checked: false, why: 'call to another host' };
    if (LEGACY_JSP.test(call.path)) return { checked: false, why: 'legacy JSP' };
    const version = VERSIONED.exec(call.path);
    const current = version ? this.#specs.basePaths[version[1] as ApiName] : undefined;
    if (version && current !== undefined && `/${version[1]}/${version[2]}` !== current)
      return { checked: false, why: 'call to an earlier API version' };
    const match = findOperation(this.#specs, call.method, call.path, call.host);
    const at = { line: call.line, column: call.column };
    if (!match.operation) {
      const nearest = match.nearest ? `; the nearest is ${match.nearest}` : '';
      return {
        checked: true,
        operation: null,
        problems: [{ ...at, message: `no operation ${call.method} ${call.path} in the API specs${nearest}` }],
      };
    }
    const { operation } = match;
    return {
      checked: true,
      operation,
      problems: [...this.#credentialProblems(call, operation, at), ...this.#bodyProblems(call, operation, at)],
    };
  }

  /**
   * A call shown with its headers must send what the operation's security scheme asks for (the
   * `X-Tala-Session` header of the Studio and Inquire APIs, the bearer token of the Manager API),
   * and no credential of another scheme.
   */
  #credentialProblems(call: ApiCall, operation: Operation, at: { line: number; column: number }): ExampleProblem[] {
    if (call.headers === null || operation.credentials.length === 0) return [];
    const sent = new Set(call.headers);
    if (operation.credentials.some((alternative) => alternative.every((header) => sent.has(header)))) return [];
    const wanted = operation.credentials.map((alternative) => alternative.join(' and ')).join(' or ');
    const known = new Set(this.#specs.operations.flatMap((o) => o.credentials.flat()));
    const wrong = call.headers.filter((header) => known.has(header));
    return [
      {
        ...at,
        message: `${operation.operationId} takes ${displayHeader(wanted)}${wrong.length > 0 ? `, not ${displayHeader(wrong.join(' and '))}` : ''}`,
      },
    ];
  }

  #bodyProblems(call: ApiCall, operation: Operation, at: { line: number; column: number }): ExampleProblem[] {
    if (call.body === null) return [];
    if (!operation.requestSchema) {
      return [{ ...at, message: `${call.method} ${operation.template} (${operation.operationId}) takes no JSON body` }];
    }
    let body: unknown;
    try {
      body = JSON.parse(call.body);
    } catch (error) {
      return [{ ...at, message: `the body is not JSON: ${(error as Error).message}` }];
    }
    const validate = this.#validator(operation.requestSchema);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((error) => ({
      ...at,
      message: `body of ${operation.operationId}: ${describe(error)}`,
    }));
  }

  /**
   * A response a page shows right after the call (the next code block, in JSON): it must be one of
   * the operation's JSON responses (any status: a page may show an error), checked like a body.
   */
  checkResponse(operation: Operation, json: string, at: { line: number; column: number }): ExampleProblem[] {
    let body: unknown;
    try {
      body = JSON.parse(json);
    } catch (error) {
      return [{ ...at, message: `the response is not JSON: ${(error as Error).message}` }];
    }
    const statuses = Object.keys(operation.responseSchemas);
    if (statuses.length === 0) return [{ ...at, message: `${operation.operationId} answers no JSON body` }];
    const failures: string[] = [];
    for (const status of statuses) {
      const validate = this.#validator(operation.responseSchemas[status] as string);
      if (validate(body)) return [];
      if (status.startsWith('2')) failures.push(...(validate.errors ?? []).map((e) => `${status}: ${describe(e)}`));
    }
    return [
      {
        ...at,
        message: `not a response of ${operation.operationId} (${failures.slice(0, 3).join('; ') || 'no status fits'})`,
      },
    ];
  }

  /** A value against any schema of the specs (`merged/studio.yaml#/components/schemas/…`); `what` names it. */
  checkSchema(where: string, value: unknown, at: { line: number; column: number }, what: string): ExampleProblem[] {
    const validate = this.#validator(where);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => ({ ...at, message: `${what}: ${describe(error)}` }));
  }

  /** `where`: a document and a JSON pointer, as Operation has them (`merged/studio.yaml#/paths/…`). */
  #validator(where: string): ValidateFunction {
    const ref = `${SPEC_BASE}${where.replace(/[{}]/g, encodeURIComponent)}`;
    let validate = this.#validators.get(ref);
    if (!validate) {
      validate = this.#ajv.compile({ $ref: ref });
      this.#validators.set(ref, validate);
    }
    return validate;
  }
}

/** `x-tala-session` → `the X-Tala-Session header`; `authorization: bearer` → `Authorization: Bearer`. */
function displayHeader(text: string): string {
  return text
    .replace(
      /authorization: (\w+)/g,
      (_, scheme: string) => `Authorization: ${scheme[0]?.toUpperCase()}${scheme.slice(1)}`,
    )
    .replace(/x-tala-session/g, 'the X-Tala-Session header');
}

/** One Ajv error as a writer reads it: where in the body, and what is wrong. */
function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the body' : error.instancePath.slice(1).replace(/\//g, '.');
  if (error.keyword === 'additionalProperties')
    return `${where} has no property ${(error.params as { additionalProperty: string }).additionalProperty}`;
  if (error.keyword === 'unevaluatedProperties')
    return `${where} has no property ${(error.params as { unevaluatedProperty: string }).unevaluatedProperty}`;
  if (error.keyword === 'required')
    return `${where} needs ${(error.params as { missingProperty: string }).missingProperty}`;
  return `${where} ${error.message ?? 'is not valid'}`;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Calls `found` with every `allOf` part anywhere in a document. */
function eachAllOfPart(node: unknown, found: (part: unknown) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) eachAllOfPart(item, found);
    return;
  }
  if (!isObject(node)) return;
  if (Array.isArray(node.allOf)) for (const part of node.allOf) found(part);
  for (const value of Object.values(node)) eachAllOfPart(value, found);
}

/** The `$ref` fragments used as `allOf` parts in any of the documents (`/components/schemas/Audit`). */
function allOfParts(documents: readonly Json[]): Set<string> {
  const fragments = new Set<string>();
  for (const document of documents) {
    eachAllOfPart(document, (part) => {
      if (isObject(part) && typeof part.$ref === 'string') fragments.add(part.$ref.slice(part.$ref.indexOf('#') + 1));
    });
  }
  return fragments;
}

/**
 * A copy of a spec whose object schemas refuse properties they do not define. The specs leave
 * objects open (a server may add fields), but a guide's body with a property the operation does not
 * have (`regressionRunId` for `regressionRunTaskId`) is a mistake to report. `unevaluatedProperties`
 * sees the properties of `allOf` parts, so a composed schema is closed as a whole; a schema used as
 * an `allOf` part (inline, or by `$ref` from any document: `parts`) is left open, or it would refuse
 * its siblings' properties.
 */
export function closed(document: Json, parts: ReadonlySet<string>): Json {
  const copy = structuredClone(document);
  const inlineParts = new Set<unknown>();
  eachAllOfPart(copy, (part) => {
    inlineParts.add(part);
  });
  const close = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        close(item, `${pointer}/${i}`);
      });
      return;
    }
    if (!isObject(node)) return;
    const shaped = isObject(node.properties) || Array.isArray(node.allOf);
    const open = 'additionalProperties' in node || 'unevaluatedProperties' in node;
    if (shaped && !open && !inlineParts.has(node) && !parts.has(pointer)) node.unevaluatedProperties = false;
    for (const [key, value] of Object.entries(node))
      close(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  close(copy, '');
  return copy;
}
