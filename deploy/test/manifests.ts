/**
 * Shared by the tests of the deployment files (compose.yaml, deploy/kubernetes/,
 * deploy/observability/): reading YAML as the tools do, and what the gate image brings itself.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The variables the Containerfile bakes into the image: a container's environment is these plus
 * what compose or the ConfigMap sets, so configurations are checked with both.
 */
export const IMAGE_ENV = { HOST: '0.0.0.0', PORT: '3000', BUILD_DIR: '/app/site/build', METRICS_PORT: '9464' };

/** One YAML document; `<<` merge keys resolved as Compose resolves them (YAML 1.1 merge). */
export function readYaml<T = Record<string, unknown>>(file: string): T {
  return parseYaml(readFileSync(path.resolve(ROOT, file), 'utf8'), { merge: true }) as T;
}

/** Every document of a multi-document YAML file, failing on the first syntax error. */
export function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(path.resolve(ROOT, file), 'utf8')).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
    return document.toJS();
  });
}

/** Durations as Compose and Kubernetes write them (`15s`, `1m30s`, a bare number of seconds). */
export function seconds(value: string | number): number {
  if (typeof value === 'number') return value;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (/^\d+$/.test(value)) return Number(value);
  if (parts.map((part) => part[0]).join('') !== value) throw new Error(`Not a duration: "${value}"`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 } as const;
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
}
