import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkSynonyms, SEARCH_SYNONYMS_FILE } from '@tala/policy';
import { isSeq, LineCounter, parseDocument } from 'yaml';
import { BuildError } from '../../build-errors';

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
  const file = `site/${SYNONYMS_SOURCE}`;
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  const [yamlError] = document.errors;
  if (yamlError) {
    const line = yamlError.linePos?.[0].line;
    throw new BuildError('BUILD_ERR_SYNONYMS', `not valid YAML: ${yamlError.message.split('\n')[0]}`, { file, line });
  }
  const checked = checkSynonyms(document.toJS() ?? []);
  if ('error' in checked) {
    // The line of the group at fault, from the YAML node's position.
    const node =
      checked.group !== undefined && isSeq(document.contents) ? document.contents.items[checked.group] : null;
    const offset = (node as { range?: [number, number, number] } | null)?.range?.[0];
    const line = offset === undefined ? undefined : lines.linePos(offset).line;
    throw new BuildError('BUILD_ERR_SYNONYMS', checked.error, { file, line });
  }
  await writeFile(path.join(outDir, SEARCH_SYNONYMS_FILE), JSON.stringify(checked.groups));
  return checked.groups.length;
}
