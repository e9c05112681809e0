import { writeFile } from 'node:fs/promises';
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
  type SearchRecord,
} from '@tala/policy';
import { pageRankOf } from './page-rank';
import type { UnleveledRecord } from './records';

export { SEARCH_RECORDS_FILE };

/** Screens that are not documentation (seed: login, 403, 404 and the search page itself). */
const NOT_INDEXED = new Set([...[LOGIN_ROUTE, FORBIDDEN_ROUTE, SEARCH_ROUTE].map(pageFileOf), NOT_FOUND_FILE]);

/** Where a built file's records point and how they rank, for a page that is indexed; else null. */
export function indexedPage(file: string, siteUrl: string): { url: string; pageRank: number } | null {
  const pathname = routeOfPageFile(file);
  if (pathname === null || NOT_INDEXED.has(file)) return null;
  return { url: `${siteUrl.replace(/\/$/, '')}${pathname}`, pageRank: pageRankOf(pathname) };
}

/**
 * The search index (a build step): the records of every page the access manifest lists, each
 * tagged with the page's level, written to `build/.search-records.json`. `pageRecords` holds each
 * indexed page's records as the page pass read them (post-build/page-pass.ts); a listed page it
 * lacks fails the build, for a page the search does not know is a page readers cannot find.
 */
export async function writeSearchRecords(
  outDir: string,
  levels: Readonly<Record<string, AccessLevel>>,
  pageRecords: ReadonlyMap<string, readonly UnleveledRecord[]>,
  siteUrl: string,
): Promise<{ pages: number; records: number }> {
  const records: SearchRecord[] = [];
  let pages = 0;
  for (const [file, access] of Object.entries(levels)) {
    if (indexedPage(file, siteUrl) === null) continue;
    const ofPage = pageRecords.get(file);
    if (ofPage === undefined) throw new Error(`search index: build/${file} was not read by the page pass`);
    for (const record of ofPage) records.push({ ...record, access });
    pages += 1;
  }
  await writeFile(path.join(outDir, SEARCH_RECORDS_FILE), JSON.stringify(records));
  return { pages, records: records.length };
}
