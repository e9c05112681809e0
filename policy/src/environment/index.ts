/**
 * Server-side only (Ajv and env-schema must not reach the browser bundle): `@tala/policy/environment`.
 */
export { durationSeconds } from './keywords.ts';
export { type Env, EnvironmentError, readEnvironment, type Settings } from './read.ts';
export * from './variables.ts';
