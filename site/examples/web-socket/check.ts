import { readFileSync } from 'node:fs';
import path from 'node:path';
import asyncapiSpecs from '@asyncapi/specs';
import { Ajv, type ErrorObject } from 'ajv';
import { parse } from 'yaml';
import type { ApiCallChecker } from '../api/check.ts';
import type { ExampleProblem } from '../problem.ts';

/**
 * Web-socket messages as code. The Studio web socket is described in AsyncAPI 3.0
 * (openapi/asyncapi/studio-web-socket.yaml), whose message payloads refer to the Studio API's
 * schemas; the document must be valid AsyncAPI, its own examples must fit their messages, and so
 * must every message a page shows (a JSON object whose `type` names a message of the document).
 */
export const ASYNCAPI_FILE = path.resolve(import.meta.dirname, '../../openapi/asyncapi/studio-web-socket.yaml');

/** The published Studio spec's file name, as the document's `$ref`s name it, and the merged spec the checker holds. */
const STUDIO_SPEC = /^studio\.openapi\.yaml#/;
const MERGED_STUDIO = 'merged/studio.yaml#';

type Json = Record<string, unknown>;
interface Message {
  name: string;
  /** Where the payload's schema sits for the API checker (`merged/studio.yaml#/components/…`). */
  schema: string;
  examples: { name: string; payload: unknown }[];
}

export class SocketMessageChecker {
  readonly #messages = new Map<string, Message>();
  readonly #document: Json;

  constructor(
    readonly api: ApiCallChecker,
    file = ASYNCAPI_FILE,
  ) {
    this.#document = parse(readFileSync(file, 'utf8')) as Json;
    const components = (this.#document.components as Json | undefined)?.messages as Record<string, Json> | undefined;
    for (const message of Object.values(components ?? {})) {
      const ref = ((message.payload as Json | undefined)?.schema as Json | undefined)?.$ref;
      if (typeof message.name !== 'string' || typeof ref !== 'string' || !STUDIO_SPEC.test(ref)) continue;
      this.#messages.set(message.name, {
        name: message.name,
        schema: ref.replace(STUDIO_SPEC, MERGED_STUDIO),
        examples: (message.examples as Message['examples'] | undefined) ?? [],
      });
    }
  }

  get messageNames(): string[] {
    return [...this.#messages.keys()];
  }

  /** The document against the official AsyncAPI 3.0.0 schema, and each message's examples against the message. */
  documentProblems(): string[] {
    // The AsyncAPI schema bundles JSON Schema draft-07's meta-schema itself: Ajv's own copy would clash.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, meta: false, validateSchema: false });
    const validate = ajv.compile(asyncapiSpecs.schemas['3.0.0'] as Json);
    const problems = validate(this.#document)
      ? []
      : (validate.errors ?? [])
          .slice(0, 5)
          .map((e: ErrorObject) => `not AsyncAPI 3.0.0: ${e.instancePath} ${e.message}`);
    if (this.#messages.size === 0) problems.push('no message refers to a Studio API schema');
    for (const message of this.#messages.values()) {
      for (const example of message.examples) {
        for (const problem of this.check(example.payload, { line: 0, column: 0 })) {
          problems.push(`example ${example.name}: ${problem.message}`);
        }
      }
    }
    return problems;
  }

  /** Whether a page's JSON value is a web-socket message: an object whose `type` names one. */
  isMessage(value: unknown): boolean {
    return typeof value === 'object' && value !== null && this.#messages.has((value as Json).type as string);
  }

  check(value: unknown, at: { line: number; column: number }): ExampleProblem[] {
    const message = this.#messages.get((value as Json).type as string);
    if (!message) return [{ ...at, message: 'not a message of the Studio web socket' }];
    return this.api.checkSchema(message.schema, value, at, `${message.name} message`);
  }
}
