import { ConfigError } from './errors.ts';

/** Readers of environment variables shared by the config modules; each error names the variable. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The trimmed value, or null when unset or blank. */
export const text = (value: string | undefined): string | null =>
  value !== undefined && value.trim() !== '' ? value.trim() : null;

export function bool(env: Env, name: string): boolean {
  const value = env[name];
  if (value === undefined || value === '') return false;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}".`);
}

/** An absolute http(s) URL, normalised by the URL parser. */
export function httpUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // reported below
  }
  throw new ConfigError(`${name} must be an absolute URL (http or https), got "${value}".`);
}

/** The variable as an absolute http(s) URL, or null when unset. */
export function optionalHttpUrl(env: Env, name: string): string | null {
  const value = text(env[name]);
  return value === null ? null : httpUrl(name, value);
}

/** A port number (0 picks a free one), or `fallback` when unset. */
export function port(env: Env, name: string, fallback: number): number {
  const raw = text(env[name]);
  const value = Number(raw ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new ConfigError(`${name} must be a port number (0-65535), got "${raw}".`);
  }
  return value;
}

/** A whole number from `min` to `max`, or `fallback` when unset; `unit` names it in the error. */
export function wholeNumber(
  env: Env,
  name: string,
  fallback: number,
  { min = 0, max = Number.MAX_SAFE_INTEGER, unit = '' } = {},
): number {
  const raw = text(env[name]);
  const value = Number(raw ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number${unit ? ` of ${unit}` : ''}, ${range}, got "${raw}".`);
  }
  return value;
}
