/**
 * The kinds of value an environment variable can hold, as TypeBox schemas checked by Ajv (through
 * env-schema, as Fastify reads its configuration). Each kind carries `expected`, the phrase an error
 * message uses ("PORT must be a port number (0-65535)"), and converting kinds name an Ajv keyword of
 * ours (keywords.ts) that turns the text into the typed value: the static type is what the program
 * receives after validation, not the string the environment holds.
 */
import { type TSchema, Type } from '@sinclair/typebox';

export interface VariableOptions {
  /** What the variable does; the configuration tables of docs/operations.md say the same. */
  description: string;
  /** The value may be a secret: errors never echo it (JSON Schema's own annotation). */
  writeOnly?: boolean;
}

export const Text = (options: VariableOptions & { default?: string; pattern?: string; expected?: string }) =>
  Type.String({ expected: 'a text', ...options });

/** `true`/`false`, also `1`/`0`, `yes`/`no`, `on`/`off` in any case. */
export const Flag = (options: VariableOptions) =>
  Type.Unsafe<boolean>({ type: 'string', flag: true, default: 'false', expected: 'true or false', ...options });

export const Port = (options: VariableOptions & { default?: number }) =>
  Type.Integer({ minimum: 0, maximum: 65535, expected: 'a port number (0-65535)', ...options });

export const WholeNumber = (options: VariableOptions & { default?: number; minimum?: number; maximum?: number }) => {
  const { minimum = 0, maximum, ...rest } = options;
  const range = maximum === undefined ? `at least ${minimum}` : `from ${minimum} to ${maximum}`;
  return Type.Integer({ minimum, maximum, expected: `a whole number, ${range}`, ...rest });
};

/** One of `values`, in any case; the program receives it in lower case. */
export const Choice = <const T extends readonly string[]>(
  values: T,
  options: VariableOptions & { default?: T[number] },
) =>
  Type.Unsafe<T[number]>({
    type: 'string',
    choiceOf: values,
    expected: values.length === 2 ? `"${values[0]}" or "${values[1]}"` : `one of ${values.join(', ')}`,
    ...options,
  });

/**
 * A duration in seconds, written as `ms` reads it (`90m`, `8h`, `1d`, `1.5h`) or as a bare number of
 * seconds (`3600`: the unit these variables always had, where `ms` alone would read milliseconds).
 */
export const Duration = (options: VariableOptions & { default: string }) =>
  Type.Unsafe<number>({
    type: 'string',
    durationSeconds: true,
    expected: 'a duration such as 3600, 90m, 8h or 1d',
    ...options,
  });

/** An absolute http(s) URL, normalised by the URL parser. */
export const HttpUrl = (options: VariableOptions & { default?: string }) =>
  Type.String({ httpUrl: true, expected: 'an absolute URL (http or https)', ...options });

/** Comma-separated absolute http(s) URLs. */
export const HttpUrlList = (options: VariableOptions) =>
  Type.Unsafe<string[]>({
    type: 'string',
    httpUrl: ',',
    expected: 'absolute URLs (http or https), comma-separated',
    ...options,
  });

/** A URL whose scheme is one of `protocols` (`redis:`); never echoed, it may hold a password. */
export const ServiceUrl = (protocols: readonly string[], options: VariableOptions) =>
  Type.String({
    urlProtocols: protocols,
    writeOnly: true,
    expected: `a ${protocols.map((p) => `${p}//`).join(' or ')} URL`,
    ...options,
  });

/** Comma-separated values, trimmed, blank entries dropped. */
export const List = (options: VariableOptions) =>
  Type.Unsafe<string[]>({ type: 'string', commaList: true, expected: 'a comma-separated list', ...options });

export type Variables = Record<string, TSchema>;
