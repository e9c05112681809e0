/**
 * Where an API's reference goes in the site, read from `specs/{api}/_layout.yaml`: each API folder
 * says where its pages are generated, how the sidebar names it and which host the guides write for
 * it, so that an API is added by adding its folder (the generator, the examples check and
 * bench/scale's synthetic APIs read the same file) and no code names an API.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { BuildError } from '../../plugins/build-errors';

export const SPECS_DIR = path.resolve(__dirname, '../specs');

export interface ApiLayout {
  /** Folder of the generated pages, relative to the site (the generator owns it: it is emptied first). */
  dir: string;
  /** Sidebar label of the API's category. */
  label: string;
  position: number;
  /** The category's page: its own generated index at `slug`, or a hand-written page (doc id). */
  category: { slug: string } | { doc: string };
  /** Category slug of a family: `{family}` is replaced; `familySlugs` names exceptions. */
  familySlug: string;
  familySlugs: Record<string, string>;
  /** Slug of the specification page. */
  specificationSlug: string;
  /** The host as guides write it (`{studio-host}`): calls to it are checked against this spec. */
  host: string;
  /** Markdown after an operation's authentication list: how to get the credential. */
  credentialHelp: string;
  /** Markdown the specification page opens with (what to read first); empty for none. */
  readFirst: string;
  /** The category of `dir`'s parent folder, when the generator names it (the on-prem "API reference"). */
  parentCategory: { label: string; position: number } | null;
}

const string = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The layout of one API folder, or a build error naming the field that is missing or wrong. */
export function readLayout(specsDir: string, api: string): ApiLayout {
  // Read once per process: the examples check asks for a layout per generated operation.
  const key = path.join(specsDir, api);
  const known = LAYOUTS.get(key);
  if (known) return known;
  const layout = parseLayout(specsDir, api);
  LAYOUTS.set(key, layout);
  return layout;
}

const LAYOUTS = new Map<string, ApiLayout>();

function parseLayout(specsDir: string, api: string): ApiLayout {
  const file = path.join(specsDir, api, '_layout.yaml');
  const where = { file: path.relative(path.resolve(specsDir, '../..'), file) };
  const fail = (message: string): never => {
    throw new BuildError('BUILD_ERR_OPENAPI', `${api}/_layout.yaml: ${message}`, where);
  };
  let raw: Record<string, unknown>;
  try {
    raw = (parse(readFileSync(file, 'utf8')) ?? {}) as Record<string, unknown>;
  } catch (error) {
    return fail((error as Error).message.split('\n')[0] ?? 'unreadable');
  }
  const need = (key: string): string => (string(raw[key]) ? raw[key] : fail(`needs ${key}`));
  const category = raw.category as Record<string, unknown> | undefined;
  const parent = raw.parentCategory as Record<string, unknown> | undefined;
  const layout: ApiLayout = {
    dir: need('dir'),
    label: need('label'),
    position: typeof raw.position === 'number' ? raw.position : fail('needs a numeric position'),
    category: string(category?.doc)
      ? { doc: category.doc }
      : string(category?.slug)
        ? { slug: category.slug }
        : fail('category needs a slug or a doc'),
    familySlug: need('familySlug'),
    familySlugs: (raw.familySlugs ?? {}) as Record<string, string>,
    specificationSlug: need('specificationSlug'),
    host: need('host'),
    credentialHelp: String(raw.credentialHelp ?? '').trim(),
    readFirst: String(raw.readFirst ?? '').trim(),
    parentCategory:
      parent && string(parent.label) && typeof parent.position === 'number'
        ? { label: parent.label, position: parent.position }
        : null,
  };
  if (!layout.familySlug.includes('{family}')) fail('familySlug needs {family}');
  if (path.isAbsolute(layout.dir) || layout.dir.split('/').includes('..')) fail('dir must be inside the site');
  return layout;
}

/** A family's category slug under a layout. */
export const familySlugOf = (layout: ApiLayout, family: string): string =>
  layout.familySlugs[family] ?? layout.familySlug.replace('{family}', family);

/** The route prefix of the docs instance the pages land in (`/on-prem` for the on-prem folder). */
export const routeBaseOf = (layout: ApiLayout): string => (layout.dir.startsWith('on-prem/') ? '/on-prem' : '');

/** The route of an operation's page: its folder under the docs instance, then `{family}/{slug}/`. */
export const operationRouteOf = (layout: ApiLayout, family: string, slug: string): string =>
  `${routeBaseOf(layout)}/${layout.dir.split('/').slice(1).join('/')}/${family}/${slug}/`;

/**
 * An API is a folder of specs/ with a `_root.yaml` and a `_layout.yaml`, in the order of their
 * sidebar positions: a guide's call that names no base path is looked up in this order.
 */
export type ApiName = string;
export const APIS: readonly ApiName[] = readdirSync(SPECS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(SPECS_DIR, entry.name, '_root.yaml')))
  .map((entry) => ({ name: entry.name, position: readLayout(SPECS_DIR, entry.name).position }))
  .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
  .map((api) => api.name);

/** The folders the generator writes (relative to the site), one per API. */
export const GENERATED_DIRS: readonly string[] = APIS.map((api) => readLayout(SPECS_DIR, api).dir);
