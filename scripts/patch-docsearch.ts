/**
 * Runs after `npm install`: fixes DocSearch 3.9.0's error screen (DESIGN §5, seed SRCH-11).
 *
 * In the autocomplete core bundled into @docsearch/react, every search ends with
 * `.finally(() => setStatus('idle'))`, which undoes the 'error' status DocSearch sets when the
 * search service is unreachable: readers saw "No results" and an uncaught promise rejection instead
 * of "Unable to fetch results". The patch marks a failed search on the request's promise, handles
 * the rejection, and lets the `finally` set 'error' for it ('idle' otherwise, as before).
 *
 * A string replacement rather than a patch-package diff: the file is one minified 108 KB line, so
 * a diff would carry the whole file twice. The exact text is checked: a new DocSearch version (the
 * version is pinned in the root package.json overrides) fails loudly here instead of silently
 * losing the fix.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const ORIGINAL = '.finally((function(){p("idle"),lt&&o.environment.clearTimeout(lt)}))';
const PATCHED =
  '.catch((function(){g.__talaFailed=!0})).finally((function(){p(g.__talaFailed?"error":"idle"),lt&&o.environment.clearTimeout(lt)}))';

const require = createRequire(import.meta.url);
const file = path.join(path.dirname(require.resolve('@docsearch/react/package.json')), 'dist/esm/index.js');
const source = readFileSync(file, 'utf8');

if (source.includes(PATCHED)) {
  console.log('[tala] DocSearch error-screen patch: already applied');
} else {
  const count = source.split(ORIGINAL).length - 1;
  if (count !== 1) {
    console.error(`[tala] DocSearch error-screen patch: expected the original text once in ${file}, found ${count}.`);
    console.error('[tala] Was @docsearch/react upgraded? Review scripts/patch-docsearch.ts for the new version.');
    process.exit(1);
  }
  writeFileSync(file, source.replace(ORIGINAL, PATCHED));
  console.log('[tala] DocSearch error-screen patch: applied');
}
