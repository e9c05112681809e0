/**
 * A copy of the portal's site with its content multiplied, for bench/scale: `factor` 2 adds one
 * synthetic copy of the readers' guides and of the Studio and Inquire APIs, 4 adds three.
 * - Guides: every hand-written page of site/docs but the release notes again under /scale{k}/ (absolute slugs and category
 *   slugs prefixed), so the copies have the real pages' structure, MDX, code blocks (checked at build
 *   like the originals) and links; their text repeats the originals', so the search vocabulary does
 *   not grow with them (real docs add words slowly: this underestimates the index's growth a little).
 * - APIs (`BENCH_SCALE_MODEL=apis`, the default): the Studio and Inquire specs again as APIs of
 *   their own (`specs/scale{k}-studio/`, with a `_layout.yaml` of their own: folder, sidebar
 *   category, family slugs, host), as a company's docs grow by adding APIs and products;
 * - or (`BENCH_SCALE_MODEL=families`, the model of the runs before stop 40) every family file of
 *   the two specs again as family `scale{k}-{tag}` of the same API, with its paths under /scale{k}
 *   and its operation ids and components renamed (references followed): one API whose sidebar
 *   category grows with every copy (1,200 families at 25×), which makes each operation page's
 *   sidebar, and so all pages' HTML, grow with the square of the pages.
 * The generator then writes their operation pages as it does the real ones.
 * The on-prem section stays as it is (54 pages): its cost is not what grows.
 * The copy lives in bench/results/scale/ inside the repository, so that the root's node_modules resolve.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const SITE = path.join(root, 'site');
/** Made by the build (generated API pages, merged specs, outputs): not copied. */
const NOT_COPIED = [
  'node_modules',
  'build',
  '.docusaurus',
  'docs/reference/apis/studio',
  'docs/reference/apis/inquire',
  'docs/reference/apis/engine',
  'on-prem/apis',
  'openapi/specs/.merged',
  'plugins/access/manifest/fixtures',
  '__tests__',
].map((p) => path.join(SITE, p));
const SCALED_APIS = ['studio', 'inquire'] as const;
export const MODEL = process.env.BENCH_SCALE_MODEL === 'families' ? 'families' : 'apis';

type Json = Record<string, unknown>;

/** Prefixes an absolute `slug:` in a page's front matter, and a category's generated-index slug. */
function prefixSlugs(text: string, k: number, isCategory: boolean): string {
  if (isCategory) return text.replace(/^(\s*slug:\s*['"]?)\/category\//m, `$1/category/scale${k}-`);
  return text.replace(/^(---\n[\s\S]*?^slug:\s*['"]?)\/(?!\S*:\/\/)/m, `$1/scale${k}/`);
}

/** The guides of docs/ again under docs/scale{k}/, as one more top-level sidebar category. */
function copyGuides(docsDir: string, k: number): number {
  const target = path.join(docsDir, `scale${k}`);
  let pages = 0;
  const walk = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      if (source.startsWith(path.join(docsDir, 'scale'))) continue;
      // Release notes (docs/home/) are not copied: they grow by a page a release, not with the product.
      if (source === path.join(docsDir, 'home')) continue;
      if (NOT_COPIED.includes(source)) continue;
      const dest = path.join(to, entry.name);
      if (entry.isDirectory()) walk(source, dest);
      else if (/\.mdx?$/.test(entry.name)) {
        // The site's home page (slug /) stays one.
        if (from === docsDir && entry.name.startsWith('index.')) continue;
        writeFileSync(dest, prefixSlugs(readFileSync(source, 'utf8'), k, false));
        pages += 1;
      } else if (/^_category_\.ya?ml$/.test(entry.name)) {
        writeFileSync(dest, prefixSlugs(readFileSync(source, 'utf8'), k, true));
      } else cpSync(source, dest);
    }
  };
  walk(docsDir, target);
  writeFileSync(
    path.join(target, '_category_.yml'),
    `label: Archive ${k}\nposition: ${100 + k}\nlink:\n  type: generated-index\n  slug: /category/scale${k}/\n`,
  );
  return pages;
}

/** Replaces, anywhere in `value`, references to the components `renamed` maps. */
function renameRefs(value: unknown, renamed: Map<string, string>): unknown {
  if (typeof value === 'string') return renamed.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, renamed));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, renameRefs(v, renamed)]));
  }
  return value;
}

/** One spec family file as synthetic family `scale{k}-{tag}`. */
function scaledSpecFile(text: string, k: number): string {
  const doc = parse(text) as Json & {
    tags?: Json[];
    paths?: Record<string, Record<string, Json>>;
    components?: Record<string, Record<string, unknown>>;
  };
  const tag = (name: unknown) => `scale${k}-${String(name)}`;
  const renamed = new Map<string, string>();
  const components: Record<string, Record<string, unknown>> = {};
  for (const [kind, entries] of Object.entries(doc.components ?? {})) {
    components[kind] = {};
    for (const [name, value] of Object.entries(entries)) {
      renamed.set(`#/components/${kind}/${name}`, `#/components/${kind}/${name}Scale${k}`);
      (components[kind] as Json)[`${name}Scale${k}`] = value;
    }
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, item] of Object.entries(doc.paths ?? {})) {
    paths[`/scale${k}${route}`] = Object.fromEntries(
      Object.entries(item).map(([method, operation]) => [
        method,
        typeof operation === 'object' && operation && 'responses' in operation
          ? {
              ...operation,
              tags: ((operation.tags as unknown[]) ?? []).map(tag),
              ...(operation.operationId ? { operationId: `${String(operation.operationId)}Scale${k}` } : {}),
            }
          : operation,
      ]),
    );
  }
  const scaled = {
    ...doc,
    ...(doc.tags
      ? {
          tags: doc.tags.map((t) => ({
            ...t,
            name: tag(t.name),
            ...(t['x-displayName'] ? { 'x-displayName': `${String(t['x-displayName'])} (${k})` } : {}),
          })),
        }
      : {}),
    ...(doc.paths ? { paths } : {}),
    ...(doc.components ? { components } : {}),
  };
  return stringify(renameRefs(scaled, renamed), { lineWidth: 0 });
}

/** Copy k of each scaled API as an API of its own: its folder, its layout, its host. */
function copyApis(specsDir: string, k: number): number {
  let operations = 0;
  for (const api of SCALED_APIS) {
    const name = `scale${k}-${api}`;
    const dir = path.join(specsDir, name);
    cpSync(path.join(specsDir, api), dir, { recursive: true });
    const layout = parse(readFileSync(path.join(dir, '_layout.yaml'), 'utf8')) as Json & {
      category: { slug?: string };
      familySlugs?: Record<string, string>;
    };
    const scaled = {
      ...layout,
      dir: `docs/reference/apis/${name}`,
      label: `${String(layout.label)} (${k})`,
      position: Number(layout.position) + 10 * k,
      // Not /category/scale{k}-studio/: the copied guides' Studio category has that slug.
      category: { slug: `/category/${name}-api/` },
      familySlug: `/category/${name}-api-{family}/`,
      familySlugs: {},
      specificationSlug: `/reference/apis/${name}/specification/`,
      host: `{${name}-host}`,
    };
    writeFileSync(path.join(dir, '_layout.yaml'), stringify(scaled));
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.yaml') && !file.startsWith('_'))
        operations += (readFileSync(path.join(dir, file), 'utf8').match(/^\s+operationId:/gm) ?? []).length;
    }
  }
  return operations;
}

function copySpecs(specsDir: string, k: number): number {
  let operations = 0;
  for (const api of SCALED_APIS) {
    const dir = path.join(specsDir, api);
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.yaml') || file === '_root.yaml' || file.startsWith('scale')) continue;
      const text = scaledSpecFile(readFileSync(path.join(dir, file), 'utf8'), k);
      operations += (text.match(/^\s+operationId:/gm) ?? []).length;
      writeFileSync(path.join(dir, `scale${k}-${file}`), text);
    }
  }
  return operations;
}

export interface ScaledSite {
  siteDir: string;
  guides: number;
  operations: number;
}

/** The site with (factor − 1) synthetic copies of its guides and APIs; factor 1 is a plain copy. */
export function scaledSite(factor: number): ScaledSite {
  const siteDir = path.join(root, 'bench/results/scale', `site-${factor}x`);
  rmSync(siteDir, { recursive: true, force: true });
  cpSync(SITE, siteDir, { recursive: true, filter: (source) => !NOT_COPIED.includes(source) });
  let guides = 0;
  let operations = 0;
  for (let k = 1; k < factor; k++) {
    guides += copyGuides(path.join(siteDir, 'docs'), k);
    const specs = path.join(siteDir, 'openapi/specs');
    operations += MODEL === 'apis' ? copyApis(specs, k) : copySpecs(specs, k);
  }
  // The site's build reads the domain model next to it (../docs/glossary.md: the examples check, the published glossary).
  cpSync(path.join(root, 'docs'), path.join(siteDir, '../docs'), { recursive: true });
  if (!existsSync(path.join(siteDir, 'docusaurus.config.ts'))) throw new Error(`bench/scale: no site at ${siteDir}`);
  return { siteDir, guides, operations };
}
