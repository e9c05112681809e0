import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type AccessLevel,
  FORBIDDEN_ROUTE,
  LOGIN_ROUTE,
  NOT_FOUND_FILE,
  pageFileOf,
  routeOfPageFile,
  SEARCH_RECORDS_FILE,
  SEARCH_ROUTE,
} from '@tala/policy';
import { pageRankOf } from './page-rank';
import { recordsOfPage, type SearchRecord } from './records';

export { SEARCH_RECORDS_FILE };

/** Screens that are not documentation (seed: login, 403, 404 and the search page itself). */
const NOT_INDEXED = new Set([...[LOGIN_ROUTE, FORBIDDEN_ROUTE, SEARCH_ROUTE].map(pageFileOf), NOT_FOUND_FILE]);

/**
 * The search indexer (a build step): every built page the access manifest lists, turned into
 * DocSearch records tagged with the page's access level. Prints progress and a summary.
 */
export async function indexSite(
  outDir: string,
  levels: Readonly<Record<string, AccessLevel>>,
  siteUrl: string,
): Promise<{ pages: number; records: number }> {
  const pages = Object.keys(levels).filter((file) => routeOfPageFile(file) !== null && !NOT_INDEXED.has(file));
  const records: SearchRecord[] = [];
  let done = 0;
  for (const file of pages) {
    const pathname = routeOfPageFile(file) as string;
    const url = `${siteUrl.replace(/\/$/, '')}${pathname}`;
    const html = await readFile(path.join(outDir, file), 'utf8');
    records.push(...recordsOfPage({ html, url, access: levels[file] as AccessLevel, pageRank: pageRankOf(pathname) }));
    done += 1;
    if (done % 250 === 0) console.log(`[tala] search index: ${done}/${pages.length} pages`);
  }
  await writeFile(path.join(outDir, SEARCH_RECORDS_FILE), JSON.stringify(records));
  return { pages: pages.length, records: records.length };
}
