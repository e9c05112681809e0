/**
 * The API reference generator (runs before every `docusaurus build`, see site/package.json).
 * For each API it merges the spec files, bundles them with @redocly/openapi-core, and writes:
 * - one MDX page + one JSON data file per operation in the folder its `_layout.yaml` names
 *   (docs/reference/apis/studio/{family}/{slug}; the on-prem Manager API's in on-prem/apis/manager);
 * - a `_category_.yml` per family (its /category/{name}/ generated index) and per API;
 * - a specification page per API with the bundled spec file to download.
 * Output is deterministic (spec order, stable JSON) and not committed (.gitignore): the build makes it.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundle, createConfig } from '@redocly/openapi-core';
import { stringify } from 'yaml';
import { BuildError } from '../../plugins/build-errors';
import type { OperationData } from '../components/types';
import { type ApiLayout, familySlugOf, readLayout, routeBaseOf } from './layout';
import { APIS, type ApiName, locationOf, SPECS_DIR, writeMerged } from './merge';
import { Normalizer } from './normalize';
import { mdxText, operationPage, specificationPage } from './pages';
import { requestSnippets } from './snippets';

const SITE = path.resolve(__dirname, '../..');
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

type Json = Record<string, unknown>;

async function bundled(api: ApiName): Promise<Json> {
  const config = await createConfig(readFileSync(path.resolve(__dirname, '../.redocly.yaml'), 'utf8'));
  const result = await bundle({ ref: writeMerged(api), config });
  return result.bundle.parsed as Json;
}

function operationsOf(doc: Json, api: ApiName) {
  const normalizer = new Normalizer(doc);
  const servers = (doc.servers as { url: string; variables?: Record<string, { default: string }> }[]) ?? [];
  const server = servers[0];
  const serverUrl = server
    ? server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name)
    : '';
  const schemes = ((doc.components as Json)?.securitySchemes as Record<string, Json>) ?? {};
  const globalSecurity = (doc.security as Record<string, unknown>[]) ?? [];
  const operations: {
    family: string;
    slug: string;
    data: OperationData;
    description: string;
    keywords: string[];
  }[] = [];
  for (const [route, item] of Object.entries((doc.paths as Record<string, Json>) ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const where = `${method.toUpperCase()} ${route}`;
      const family = (op.tags as string[] | undefined)?.[0];
      const slug = op['x-slug'];
      if (!family || typeof slug !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
        throw new BuildError(
          'BUILD_ERR_OPENAPI',
          `${api} ${where}: needs a tag and a kebab-case x-slug`,
          locationOf(api, where),
        );
      }
      try {
        const security = (op.security as Record<string, unknown>[] | undefined) ?? globalSecurity;
        const body = op.requestBody ? normalizer.resolve(op.requestBody) : null;
        const [contentType, media] = body ? (Object.entries((body.content as Json) ?? {})[0] ?? []) : [];
        const fields: Omit<OperationData, 'snippets'> = {
          api,
          method: method.toUpperCase(),
          path: route,
          serverUrl,
          operationId: String(op.operationId ?? `${family}-${slug}`),
          summary: String(op.summary ?? slug),
          deprecated: op.deprecated === true,
          authentication: security.flatMap((requirement) =>
            Object.keys(requirement).map((name) => {
              const scheme = schemes[name] ?? {};
              if (scheme.type === 'http') return `HTTP ${String(scheme.scheme)} token in the Authorization header`;
              if (scheme.type === 'apiKey')
                return `\`${String(scheme.name)}\` ${String(scheme.in)}: ${String(scheme.description ?? '')}`.trim();
              return name;
            }),
          ),
          parameters: normalizer.parameters([
            ...((item.parameters as unknown[]) ?? []),
            ...((op.parameters as unknown[]) ?? []),
          ]),
          requestBody:
            body && contentType
              ? {
                  required: body.required === true,
                  contentType,
                  schema: normalizer.schema((media as Json).schema ?? {}),
                  example: (media as Json).example ?? null,
                }
              : null,
          responses: normalizer.responses(op.responses as Json),
        };
        const data: OperationData = { ...fields, snippets: requestSnippets(fields) };
        operations.push({ family, slug, data, description: String(op.description ?? ''), keywords: keywordsOf(op) });
      } catch (error) {
        if (error instanceof BuildError) throw error;
        // The normalizer's errors (a broken $ref) know the reference, not where the operation is.
        throw new BuildError('BUILD_ERR_OPENAPI', `${api} ${where}: ${(error as Error).message}`, {
          ...locationOf(api, where),
          cause: error,
        });
      }
    }
  }
  return operations;
}

/**
 * `x-keywords`: what a reader would type to find the operation without knowing its name ("force sign
 * out a user"), as the `keywords` front matter of hand-written pages (docs/style-guide.md). Search
 * only: they reach the page's search record, never its text or the client's operation data.
 */
function keywordsOf(op: Json): string[] {
  const keywords = op['x-keywords'] ?? [];
  const valid =
    Array.isArray(keywords) &&
    keywords.every((k) => typeof k === 'string' && k.trim() !== '' && k === k.toLowerCase() && !k.includes(','));
  if (!valid) throw new Error('x-keywords must be a list of lowercase phrases without commas');
  return keywords as string[];
}

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Family category slugs are routes of one site: two APIs (or two families) must not share one. */
function claimFamilySlugs(api: ApiName, layout: ApiLayout, tags: { name: string }[], taken: Map<string, string>) {
  for (const tag of tags) {
    const route = `${routeBaseOf(layout)}${familySlugOf(layout, tag.name)}`;
    const owner = taken.get(route);
    if (owner) {
      throw new BuildError(
        'BUILD_ERR_OPENAPI',
        `${api}: family ${tag.name} has the category ${route} of ${owner}; name it in familySlugs of ${api}/_layout.yaml`,
        locationOf(api, `tag ${tag.name}`),
      );
    }
    taken.set(route, `${api} ${tag.name}`);
  }
}

export async function generate(): Promise<{ pages: number }> {
  let pages = 0;
  const familyRoutes = new Map<string, string>();
  for (const api of APIS) {
    const layout = readLayout(SPECS_DIR, api);
    const doc = await bundled(api);
    const { dir, label, position } = layout;
    const familySlug = (family: string) => familySlugOf(layout, family);
    const outDir = path.join(SITE, dir);
    rmSync(outDir, { recursive: true, force: true });
    const info = doc.info as Json;
    if (layout.parentCategory) write(path.join(outDir, '..', '_category_.yml'), stringify(layout.parentCategory));
    const link =
      'doc' in layout.category
        ? { type: 'doc', id: layout.category.doc }
        : { type: 'generated-index', slug: layout.category.slug, description: String(info.summary ?? '') };
    write(path.join(outDir, '_category_.yml'), stringify({ label, position, link }));
    const tags = (doc.tags as { name: string; description?: string; 'x-displayName'?: string }[]) ?? [];
    claimFamilySlugs(api, layout, tags, familyRoutes);
    const operations = operationsOf(doc, api);
    const specFile = `${api}.openapi.yaml`;
    write(path.join(outDir, specFile), stringify(doc, { lineWidth: 0 }));
    write(path.join(outDir, 'specification.mdx'), specificationPage({ doc, layout, specFile, tags, operations }));
    tags.forEach((tag, index) => {
      const familyOps = operations.filter((op) => op.family === tag.name);
      if (familyOps.length === 0) {
        throw new BuildError(
          'BUILD_ERR_OPENAPI',
          `${api}: tag ${tag.name} has no operation`,
          locationOf(api, `tag ${tag.name}`),
        );
      }
      write(
        path.join(outDir, tag.name, '_category_.yml'),
        stringify({
          label: tag['x-displayName'] ?? tag.name,
          position: index + 2,
          link: { type: 'generated-index', slug: familySlug(tag.name), description: mdxText(tag.description ?? '') },
        }),
      );
    });
    const known = new Set(tags.map((t) => t.name));
    for (const [index, op] of operations.entries()) {
      if (!known.has(op.family)) {
        const where = `${op.data.method} ${op.data.path}`;
        throw new BuildError(
          'BUILD_ERR_OPENAPI',
          `${api} ${where}: tag ${op.family} is not declared`,
          locationOf(api, where),
        );
      }
      const base = path.join(outDir, op.family, op.slug);
      write(`${base}.json`, `${JSON.stringify(op.data)}\n`);
      write(`${base}.mdx`, operationPage(op.data, op.description, index + 1, op.keywords, layout.credentialHelp));
      pages += 1;
    }
  }
  return { pages };
}

if (require.main === module) {
  const started = Date.now();
  generate()
    .then(({ pages }) => console.log(`[tala] API reference: ${pages} operation pages in ${Date.now() - started} ms`))
    .catch((error: unknown) => {
      console.error(`[tala] API reference generation failed: ${(error as Error).message}`);
      process.exit(1);
    });
}
