import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { rangesOf } from './sections';
import { splitRoutes } from './split';

/** Where the split table is written, inside Docusaurus's generated files. */
export const SECTIONS_DIR = 'tala-route-sections';
/** The sections' chunk names and their pages' route keys, for the access manifest. */
export const SECTIONS_FILE = 'sections.json';
export type SectionsFile = Record<string, string[]>;

/** Docusaurus's generated modules and its `preload`, as the client bundle resolves them. */
export const UPSTREAM = {
  routes: /[\\/]\.docusaurus[\\/]routes\.js$/,
  registry: /[\\/]\.docusaurus[\\/]registry\.js$/,
  routesChunkNames: /[\\/]\.docusaurus[\\/]routesChunkNames\.json$/,
  preload: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/,
};

/**
 * A route table per section. Docusaurus puts every route, its chunk names and the
 * registry of every route chunk into main.js, about 0.5 KiB per page of the site, parsed and
 * evaluated on every page (a tiny site's TBT is half a 500-page one's on the same theme). In the
 * production client bundle, the three generated modules are replaced by a shell (top-level and
 * layout routes) and the page routes of each section (./sections.ts: a top-level section, split
 * along its directories while it has more than 64 pages) become a chunk, attached to their layout
 * routes before anything matches a path of that section: `preload` is replaced by one that loads
 * the section first (client/preload.ts), and `window.docusaurus.prefetch` only prefetches paths
 * whose section is loaded (access-guard.ts). The server bundle (SSR) and `docusaurus start` keep
 * the whole table.
 *
 * Reach-in (docs/upgrading.md, "route table per section"): split.ts reads the generated files;
 * module replacements swap them and `preload`. What breaks on upgrade: the generated formats
 * (the build fails with RouteSplitError), another core module matching routes before `preload`
 * ran for a path (that page renders the not-found content: the browser tests navigate into every
 * section), or `preload` gaining behaviour (the upgrade smoke test in __tests__ compares the
 * original's source with what client/preload.ts reproduces).
 */
export default function routeSectionsPlugin(context: LoadContext): Plugin {
  const outDir = path.join(context.generatedFilesDir, SECTIONS_DIR);
  const noSections = path.join(context.siteDir, 'plugins/performance/route-sections/client/no-sections.ts');
  const sectionOfFile = path.join(context.siteDir, 'plugins/performance/route-sections/client/section-of.ts');
  return {
    name: 'tala-route-sections',
    // Synchronous: Docusaurus does not await configureWebpack.
    configureWebpack(config, isServer, { currentBundler }) {
      if (isServer || config.mode !== 'production')
        return { resolve: { alias: { '@tala/route-sections$': noSections } } };
      const generated = (file: string) => readFileSync(path.join(context.generatedFilesDir, file), 'utf8');
      const split = splitRoutes({
        routesJs: generated('routes.js'),
        registryJs: generated('registry.js'),
        routesChunkNames: JSON.parse(generated('routesChunkNames.json')),
        baseUrl: context.siteConfig.baseUrl,
      });
      rmSync(outDir, { recursive: true, force: true });
      mkdirSync(outDir, { recursive: true });
      const write = (file: string, text: string) => writeFileSync(path.join(outDir, file), text);
      write('routes.js', split.routesJs);
      write('registry.js', split.registryJs);
      write('routesChunkNames.json', split.routesChunkNamesJson);
      for (const section of split.sections) write(fileOf(section.name), section.source);
      write('index.js', loaderModule(context.siteConfig.baseUrl, split.sections, sectionOfFile));
      const sections: SectionsFile = Object.fromEntries(split.sections.map((s) => [s.chunkName, s.routeKeys]));
      write(SECTIONS_FILE, JSON.stringify(sections));

      const Replace = currentBundler.instance.NormalModuleReplacementPlugin;
      return {
        resolve: { alias: { '@tala/route-sections$': path.join(outDir, 'index.js') } },
        plugins: [
          // Absolute paths: after resolution, the module's resource becomes the file given.
          new Replace(UPSTREAM.routes, path.join(outDir, 'routes.js')),
          new Replace(UPSTREAM.registry, path.join(outDir, 'registry.js')),
          // Still a JSON module after the replacement (its type was set by the original's name).
          new Replace(UPSTREAM.routesChunkNames, path.join(outDir, 'routesChunkNames.json')),
          new Replace(
            UPSTREAM.preload,
            path.join(context.siteDir, 'plugins/performance/route-sections/client/preload.ts'),
          ),
        ],
      };
    },
  };
}

/** The module that loads a path's section and attaches its routes to their layout routes. */
function loaderModule(
  baseUrl: string,
  sections: readonly { name: string; directory: string; from: string; chunkName: string }[],
  sectionOfFile: string,
): string {
  const loaders = sections.map(
    (s) =>
      `  ${JSON.stringify(s.name)}: () => import(/* webpackChunkName: ${JSON.stringify(s.chunkName)} */ ${JSON.stringify(`./${fileOf(s.name)}`)}),`,
  );
  return `import routes from '@generated/routes';
import { moduleOf as moduleOfPath } from ${JSON.stringify(sectionOfFile)};

const baseUrl = ${JSON.stringify(baseUrl)};
const loaders = {
${loaders.join('\n')}
};
/** Split directory → its modules in order: [first child held, module name]. */
const ranges = ${JSON.stringify(rangesOf(sections))};
const loading = new Map();
const loaded = new Set();

function moduleOf(pathname) {
  const name = moduleOfPath(pathname, baseUrl, ranges);
  return name === '' ? undefined : name;
}

function attach(byParent) {
  const walk = (list) => {
    for (const route of list) {
      const own = route.talaRouteKey && byParent[route.talaRouteKey];
      if (own) route.routes.push(...own);
      if (route.routes) walk(route.routes);
    }
  };
  walk(routes);
}

/** Resolves once the routes of the path's section are in the table (at once for the shell's). */
export function ensureRoutes(pathname) {
  const name = moduleOf(pathname);
  if (name === undefined) return Promise.resolve();
  let promise = loading.get(name);
  if (!promise) {
    promise = loaders[name]().then((module) => {
      attach(module.default);
      loaded.add(name);
    });
    // A failed load (offline, an expired session) is tried again by the next navigation.
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

/**
 * Whether the path's routes are in the table. Speculative loads (viewport prefetch) ask first and
 * do nothing otherwise: loading a section runs its chunk, and a chunk refused because the session
 * ended meanwhile is a script error; Docusaurus's own prefetch only ever adds prefetch links.
 */
export function hasRoutes(pathname) {
  const name = moduleOf(pathname);
  return name === undefined || loaded.has(name);
}
`;
}

/** The file of a section's module in SECTIONS_DIR. */
const fileOf = (name: string) => `section-${name.replaceAll('/', '.')}.js`;
