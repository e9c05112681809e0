import {
  type Env,
  EnvironmentError,
  GATE_VARIABLES,
  readEnvironment,
  type Settings,
  type VariableName,
} from '@tala/policy/environment';
import { ConfigError } from './errors.ts';

export type { Env };

/** The gate's variables, validated and typed (@tala/policy/environment); problems become a ConfigError. */
export type GateEnvironment = Settings<(typeof GATE_VARIABLES)[number]>;

export function readVariables<K extends VariableName>(env: Env, names: readonly K[]): Settings<K> {
  try {
    return readEnvironment(env, names);
  } catch (error) {
    if (error instanceof EnvironmentError) throw new ConfigError(error.message);
    throw error;
  }
}

export const readGateEnvironment = (env: Env): GateEnvironment => readVariables(env, GATE_VARIABLES);

/** One URL where the schema admits a list (the standalone provider takes several; a gate one). */
export function single(name: string, urls: readonly string[] | undefined): string | null {
  if (urls === undefined) return null;
  if (urls.length !== 1) throw new ConfigError(`${name} must be one URL for the gate, got ${urls.length}.`);
  return urls[0] ?? null;
}
