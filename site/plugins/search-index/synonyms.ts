import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkSynonyms, SEARCH_SYNONYMS_FILE } from '@tala/policy';
import { parse } from 'yaml';

/** Where docs writers keep the search synonyms (see the file's header). */
export const SYNONYMS_SOURCE = 'search/synonyms.yml';

/**
 * Reads `site/search/synonyms.yml`, checks it, and writes the groups next to the records. A broken
 * file fails the build with the reason: a typo here would silently change what readers find.
 */
export async function copySynonyms(siteDir: string, outDir: string): Promise<number> {
  const source = path.join(siteDir, SYNONYMS_SOURCE);
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    text = '[]';
  }
  let parsed: unknown;
  try {
    parsed = parse(text) ?? [];
  } catch (error) {
    throw new Error(`${SYNONYMS_SOURCE}: not valid YAML (${(error as Error).message})`);
  }
  const checked = checkSynonyms(parsed);
  if ('error' in checked) throw new Error(`${SYNONYMS_SOURCE}: ${checked.error}`);
  await writeFile(path.join(outDir, SEARCH_SYNONYMS_FILE), JSON.stringify(checked.groups));
  return checked.groups.length;
}
