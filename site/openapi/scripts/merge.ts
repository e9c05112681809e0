/**
 * Each API's spec is written as a root file plus one file per resource family (so that families can
 * be written and reviewed on their own). This merges them into one OpenAPI document; a path, method,
 * tag or component defined twice is an error naming both files.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, stringify, type YAMLMap } from 'yaml';
import { BuildError } from '../../plugins/build-errors';
import { type ApiName, SPECS_DIR } from './layout';

export { APIS, type ApiName, SPECS_DIR } from './layout';
/** Merged specs are written here, one level below specs/, so that `../common.yaml` still resolves. */
export const MERGED_DIR = path.join(SPECS_DIR, '.merged');

type Doc = Record<string, unknown> & {
  tags?: { name: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/** Where a spec file defines something, for errors a writer can jump to (`studio/sessions.yaml:42`). */
export interface SpecLocation {
  file: string;
  line: number;
}

/** Keys of the merge (`GET /sessions/{id}`, `tag sessions`, `components.schemas.Session`) → where written. */
const LOCATIONS = new Map<string, SpecLocation>();

export function locationOf(api: ApiName, key: string): SpecLocation | undefined {
  return LOCATIONS.get(`${api} ${key}`);
}

/** Parses one spec file, recording the line of each operation, tag and component it defines. */
function parseSpecFile(api: ApiName, dir: string, file: string): Doc {
  const lineCounter = new LineCounter();
  const relative = path.relative(path.resolve(SPECS_DIR, '../..'), path.join(dir, file));
  const document = parseDocument(readFileSync(path.join(dir, file), 'utf8'), { lineCounter });
  if (document.errors.length > 0) {
    const [error] = document.errors;
    throw new BuildError('BUILD_ERR_OPENAPI', error?.message.split('\n')[0] ?? 'invalid YAML', {
      file: relative,
      line: error?.linePos?.[0]?.line,
    });
  }
  const at = (node: unknown) => ({
    file: relative,
    line: lineCounter.linePos((node as { range?: [number] }).range?.[0] ?? 0).line,
  });
  const entries = (node: unknown) => (isMap(node) ? (node as YAMLMap).items : []);
  const root = document.contents;
  for (const pair of entries(isMap(root) ? root.get('paths', true) : null)) {
    for (const method of entries(pair.value)) {
      LOCATIONS.set(`${api} ${String(method.key).toUpperCase()} ${String(pair.key)}`, at(method.key));
    }
  }
  for (const kind of entries(isMap(root) ? root.get('components', true) : null)) {
    for (const item of entries(kind.value)) {
      LOCATIONS.set(`${api} components.${String(kind.key)}.${String(item.key)}`, at(item.key));
    }
  }
  const tags = isMap(root) ? root.get('tags', true) : null;
  for (const tag of (tags as { items?: unknown[] } | null)?.items ?? []) {
    const name = isMap(tag) ? tag.get('name', true) : null;
    if (isScalar(name)) LOCATIONS.set(`${api} tag ${String(name.value)}`, at(tag));
  }
  return document.toJS() as Doc;
}

/** The family files of an API's folder, in merge order. */
const familyFiles = (dir: string) =>
  readdirSync(dir)
    // `_root.yaml` and `_layout.yaml` are not families.
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('_'))
    .sort();

/**
 * The merged document of an API's folder. A build merges each API in three processes (the reference
 * pages, the examples check, the bundling's operation links), and parsing its YAML was most of
 * that: 9–12 s a merge of the 52 APIs at 10,000 pages. So the merge of specs/{api}/ is kept in
 * specs/.merged/{api}.merge.json with the locations it recorded, under the SHA-256 of the files it
 * read (names and bytes): the same files give the same merge, and anything else merges again.
 */
export function mergeApi(
  api: ApiName,
  dir = path.join(SPECS_DIR, api),
  cacheDir: string | null = dir === path.join(SPECS_DIR, api) ? MERGED_DIR : null,
): Doc {
  if (cacheDir === null) return mergeFiles(api, dir);
  const files = ['_root.yaml', ...familyFiles(dir)];
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  const digest = hash.digest('hex');
  const cacheFile = path.join(cacheDir, `${api}.merge.json`);
  const cached = readMergeCache(cacheFile, digest);
  if (cached) {
    for (const [key, location] of cached.locations) LOCATIONS.set(key, location);
    return cached.doc;
  }
  const doc = mergeFiles(api, dir);
  const locations = [...LOCATIONS].filter(([key]) => key.startsWith(`${api} `));
  mkdirSync(cacheDir, { recursive: true });
  // Written whole, then renamed: test processes that merge at once never read half a file.
  const partial = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ digest, locations, doc }));
  renameSync(partial, cacheFile);
  return doc;
}

type MergeCache = { digest: string; locations: [string, SpecLocation][]; doc: Doc };

function readMergeCache(file: string, digest: string): MergeCache | null {
  try {
    const cache = JSON.parse(readFileSync(file, 'utf8')) as MergeCache;
    return cache.digest === digest ? cache : null;
  } catch {
    return null; // none yet, or unreadable: merge again
  }
}

function mergeFiles(api: ApiName, dir: string): Doc {
  const files = familyFiles(dir);
  const root = parseSpecFile(api, dir, '_root.yaml');
  const merged: Doc = {
    ...root,
    tags: [...(root.tags ?? [])],
    paths: { ...(root.paths ?? {}) },
    components: { ...(root.components ?? {}) },
  };
  const origin = new Map<string, string>();
  const claim = (key: string, file: string) => {
    const previous = origin.get(key);
    if (previous) {
      const where = locationOf(api, key);
      throw new BuildError('BUILD_ERR_OPENAPI', `${api}: ${key} is already defined in ${previous}`, where);
    }
    origin.set(key, file);
  };
  for (const [kind, entries] of Object.entries(root.components ?? {})) {
    for (const name of Object.keys(entries)) claim(`components.${kind}.${name}`, '_root.yaml');
  }
  for (const file of files) {
    const fragment = parseSpecFile(api, dir, file);
    for (const tag of fragment.tags ?? []) {
      claim(`tag ${tag.name}`, file);
      merged.tags?.push(tag);
    }
    for (const [route, item] of Object.entries(fragment.paths ?? {})) {
      const target = (merged.paths as Record<string, Record<string, unknown>>)[route] ?? {};
      for (const [method, operation] of Object.entries(item)) {
        claim(`${method.toUpperCase()} ${route}`, file);
        target[method] = operation;
      }
      (merged.paths as Record<string, unknown>)[route] = target;
    }
    for (const [kind, entries] of Object.entries(fragment.components ?? {})) {
      const bucket = { ...((merged.components as Record<string, Record<string, unknown>>)[kind] ?? {}) };
      for (const [name, value] of Object.entries(entries)) {
        claim(`components.${kind}.${name}`, file);
        bucket[name] = value;
      }
      (merged.components as Record<string, unknown>)[kind] = bucket;
    }
  }
  return merged;
}

/** Writes specs/.merged/{api}.yaml and returns its path. */
export function writeMerged(api: ApiName): string {
  mkdirSync(MERGED_DIR, { recursive: true });
  const file = path.join(MERGED_DIR, `${api}.yaml`);
  writeFileSync(
    file,
    `# Generated by site/openapi/scripts/merge.ts; edit specs/${api}/ instead.\n${stringify(mergeApi(api), { lineWidth: 0 })}`,
  );
  return file;
}
