/**
 * `npm run search:push`: the indexing command for SEARCH_BACKEND=algolia. Reads the build's search
 * records and brings the Algolia index to them, then applies the DocSearch Docusaurus template's
 * index settings plus `access` as a filter-only facet, which the readers' secured keys filter on.
 *
 * Only what changed is sent: every object carries `tala_hash` (of its content), the index's ids and
 * hashes are browsed, and only new or changed objects are saved and vanished ones deleted — a
 * one-page edit sends that page's records, not the whole index (record ids are `{url}#{position}`,
 * stable for unchanged pages). The first push, or `SEARCH_PUSH_FULL=true`, replaces the index
 * instead (`replaceAllObjects`: a temporary index, then an atomic move).
 *
 *   ALGOLIA_APP_ID=… ALGOLIA_ADMIN_API_KEY=… PUBLIC_URL=https://docs.example.com npm run search:push
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PORTAL_DEFAULTS } from '@tala/policy';
import { PUSH_VARIABLES } from '@tala/policy/environment';
import { algoliasearch, type IndexSettings } from 'algoliasearch';
import { type Env, readVariables } from '../../env.ts';
import { ConfigError } from '../../errors.ts';
import { QUESTION_RANKING } from '../engine.ts';
import { INDEX_DEFAULTS } from '../params.ts';
import { loadRecords, loadSynonyms, type SearchRecord, type SynonymGroups } from '../records.ts';

/** DocSearch's Docusaurus crawler template (initialIndexSettings), plus the access facet and `sum`. */
export const INDEX_SETTINGS: IndexSettings = {
  attributesForFaceting: ['type', 'lang', 'language', 'version', 'docusaurus_tag', 'filterOnly(access)'],
  attributesToRetrieve: ['hierarchy', 'content', 'anchor', 'url', 'url_without_anchor', 'type'],
  attributesToHighlight: ['hierarchy', 'content'],
  attributesToSnippet: ['content:10'],
  camelCaseAttributes: ['hierarchy', 'content'],
  searchableAttributes: [
    'unordered(hierarchy.lvl0)',
    'unordered(hierarchy.lvl1)',
    'unordered(hierarchy.lvl2)',
    'unordered(hierarchy.lvl3)',
    'unordered(hierarchy.lvl4)',
    'unordered(hierarchy.lvl5)',
    'unordered(hierarchy.lvl6)',
    'content',
    'unordered(keywords)',
  ],
  distinct: true,
  attributeForDistinct: 'url',
  customRanking: ['desc(weight.pageRank)', 'desc(weight.level)', 'asc(weight.position)'],
  ranking: ['words', 'filters', 'typo', 'attribute', 'proximity', 'exact', 'custom'],
  highlightPreTag: INDEX_DEFAULTS.highlightPreTag,
  highlightPostTag: INDEX_DEFAULTS.highlightPostTag,
  snippetEllipsisText: INDEX_DEFAULTS.snippetEllipsisText,
  minWordSizefor1Typo: PORTAL_DEFAULTS.search.minWordSizefor1Typo,
  minWordSizefor2Typos: PORTAL_DEFAULTS.search.minWordSizefor2Typos,
  allowTyposOnNumericTokens: false,
  minProximity: 1,
  ignorePlurals: true,
  advancedSyntax: true,
  // Not the template's minProximity: the embedded engine ranks by `sum`, chosen by measurement
  // (bench/search), and both backends should rank alike.
  attributeCriteriaComputedBy: 'sum',
  removeWordsIfNoResults: 'allOptional',
  separatorsToIndex: '_',
  // The embedded engine's question handling, where Algolia has it (engine/ranking-settings.ts):
  // stop words dropped when the query has other words. Algolia has no stemming beyond plurals and
  // no "optional from N words" setting: those two stay the embedded engine's own.
  removeStopWords: QUESTION_RANKING.removeStopWords ? ['en'] : false,
  queryLanguages: ['en'],
};

export interface PushOptions {
  appId: string;
  adminApiKey: string;
  indexName: string;
  /** The portal's address: records carry absolute URLs (DocSearch opens them as they are). */
  origin: string;
  /** Other hosts than Algolia's (tests, proxies). */
  hosts?: string[] | null;
  log?: (line: string) => void;
  /** Replace the whole index even when it exists (the incremental diff is the default). */
  full?: boolean;
}

/** What an incremental push did: objects saved (new or changed), deleted, and left as they were. */
export interface PushResult {
  records: number;
  mode: 'full' | 'incremental';
  saved: number;
  deleted: number;
  unchanged: number;
}

/** JSON with keys in order, so that equal objects hash alike whatever order they were built in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash an object carries in the index (`tala_hash`): of everything else it holds. */
export function contentHash(object: object): string {
  return createHash('sha256').update(canonical(object)).digest('base64url').slice(0, 22);
}

export function withOrigin(records: readonly SearchRecord[], origin: string) {
  return records.map((record) => {
    const object = {
      ...record,
      url: `${origin}${record.url}`,
      url_without_anchor: `${origin}${record.url_without_anchor}`,
    };
    return { ...object, tala_hash: contentHash(object) };
  });
}

export async function pushRecords(
  records: readonly SearchRecord[],
  options: PushOptions,
  synonyms: SynonymGroups = [],
): Promise<PushResult> {
  const log = options.log ?? console.log;
  const hosts = options.hosts?.map((href) => {
    const url = new URL(href);
    return { url: url.host, protocol: url.protocol === 'https:' ? 'https' : 'http', accept: 'readWrite' } as const;
  });
  const client = algoliasearch(options.appId, options.adminApiKey, hosts ? { hosts } : undefined);
  const { indexName } = options;
  const objects = withOrigin(records, options.origin);
  const started = performance.now();
  let result: PushResult;
  if (options.full || !(await client.indexExists({ indexName }))) {
    log(`[tala] search:push: ${objects.length} records replace index ${indexName}`);
    await client.replaceAllObjects({ indexName, objects, batchSize: 1000 });
    result = { records: objects.length, mode: 'full', saved: objects.length, deleted: 0, unchanged: 0 };
  } else {
    const held = new Map<string, string | undefined>();
    await client.browseObjects<{ tala_hash?: string }>({
      indexName,
      browseParams: { attributesToRetrieve: ['tala_hash'], hitsPerPage: 1000 },
      aggregator: (page) => {
        for (const hit of page.hits) held.set(hit.objectID, hit.tala_hash);
      },
    });
    const changed = objects.filter((object) => held.get(object.objectID) !== object.tala_hash);
    const current = new Set(objects.map((object) => object.objectID));
    const gone = [...held.keys()].filter((id) => !current.has(id));
    log(
      `[tala] search:push: index ${indexName}: ${changed.length} records new or changed, ${gone.length} gone, ${objects.length - changed.length} unchanged`,
    );
    if (changed.length > 0)
      await client.saveObjects({ indexName, objects: changed, batchSize: 1000, waitForTasks: true });
    if (gone.length > 0)
      await client.deleteObjects({ indexName, objectIDs: gone, batchSize: 1000, waitForTasks: true });
    result = {
      records: objects.length,
      mode: 'incremental',
      saved: changed.length,
      deleted: gone.length,
      unchanged: objects.length - changed.length,
    };
  }
  const { taskID } = await client.setSettings({ indexName, indexSettings: INDEX_SETTINGS });
  await client.waitForTask({ indexName, taskID });
  // The writers' synonyms (site/search/synonyms.yml), replacing whatever the index had.
  const saved = await client.saveSynonyms({
    indexName,
    synonymHit: synonyms.map((group, i) => ({
      objectID: `tala-synonyms-${i + 1}`,
      type: 'synonym',
      synonyms: [...group],
    })),
    replaceExistingSynonyms: true,
  });
  await client.waitForTask({ indexName, taskID: saved.taskID });
  log(`[tala] search:push: ${synonyms.length} synonym groups`);
  log(`[tala] search:push: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

export function pushOptionsFromEnv(env: Env): PushOptions & { buildDir: string } {
  const vars = readVariables(env, PUSH_VARIABLES);
  if (!vars.ALGOLIA_APP_ID) throw new ConfigError('search:push needs ALGOLIA_APP_ID.');
  if (!vars.ALGOLIA_ADMIN_API_KEY)
    throw new ConfigError('search:push needs ALGOLIA_ADMIN_API_KEY (a key with addObject, deleteIndex, settings).');
  if (!vars.PUBLIC_URL) throw new ConfigError('search:push needs PUBLIC_URL: the records carry absolute URLs.');
  return {
    appId: vars.ALGOLIA_APP_ID,
    adminApiKey: vars.ALGOLIA_ADMIN_API_KEY,
    indexName: vars.ALGOLIA_INDEX_NAME,
    origin: `${vars.PUBLIC_URL.replace(/\/$/, '')}${vars.PAGES_PREFIX.replace(/\/+$/, '')}`,
    hosts: vars.ALGOLIA_HOSTS ?? null,
    full: vars.SEARCH_PUSH_FULL,
    buildDir: path.resolve(
      vars.BUILD_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../site/build'),
    ),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    const { buildDir, ...options } = pushOptionsFromEnv(process.env);
    await pushRecords(await loadRecords(buildDir), options, await loadSynonyms(buildDir));
  } catch (error) {
    console.error(`[tala] search:push failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
