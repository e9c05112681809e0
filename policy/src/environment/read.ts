import { type Static, type TObject, Type } from '@sinclair/typebox';
import envSchema from 'env-schema';
import { withKeywords } from './keywords.ts';
import { VARIABLES, type VariableName } from './variables.ts';

export type Env = Readonly<Record<string, string | undefined>>;

/** The configuration is wrong; `problems` holds one sentence per variable, naming it. */
export class EnvironmentError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join(' '));
    this.problems = problems;
    this.name = 'EnvironmentError';
  }
}

type Picked<K extends VariableName> = TObject<{ [P in K]: (typeof VARIABLES)[P] }>;
export type Settings<K extends VariableName> = Static<Picked<K>>;

const schemas = new Map<readonly VariableName[], TObject>();

function schemaOf<K extends VariableName>(names: readonly K[]): Picked<K> {
  let schema = schemas.get(names);
  if (schema === undefined) {
    schema = Type.Object(Object.fromEntries(names.map((name) => [name, VARIABLES[name]])));
    schemas.set(names, schema);
  }
  return schema as Picked<K>;
}

/**
 * Reads `names` from `env` with env-schema: defaults applied, numbers coerced, our kinds converted
 * (flags, durations, URLs, lists). A blank value counts as unset, as shells and compose files write
 * `VAR=` to mean "nothing". Every wrong variable is reported at once, each in one sentence.
 */
export function readEnvironment<K extends VariableName>(env: Env, names: readonly K[]): Settings<K> {
  const data: Record<string, string> = {};
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) data[name] = value;
  }
  try {
    return envSchema<Settings<K>>({
      schema: schemaOf(names),
      data,
      env: false,
      ajv: { customOptions: withKeywords },
    });
  } catch (error) {
    const problems = (error as { errors?: { instancePath: string }[] }).errors;
    if (!problems) throw error;
    const names = [...new Set(problems.map((problem) => problem.instancePath.slice(1) as VariableName))];
    throw new EnvironmentError(names.map((name) => problemWith(name, data[name])));
  }
}

function problemWith(name: VariableName, value: string | undefined): string {
  const schema = VARIABLES[name] as unknown as { expected: string; writeOnly?: boolean };
  const got = schema.writeOnly || value === undefined ? '' : `, got "${value}"`;
  return `${name} must be ${schema.expected}${got}.`;
}
