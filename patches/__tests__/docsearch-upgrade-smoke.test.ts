import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageDir, packageJson, repoDir } from '../../site/__tests__/upgrade-smoke';

const SECTION = 'DocSearch error-screen patch';
const PATCH_DIR = path.join(repoDir, 'patches');

/** The autocomplete `onInput` ending as published: `.finally(function(){setStatus("idle"),timer&&…})`. */
const UNPATCHED = /\.finally\(\(?function\(\)\{\w+\("idle"\),(\w+)&&\w+\.environment\.clearTimeout\(\1\)\}\)?\)/g;
/** The same ending once patched (patches/@docsearch+react+*.patch). */
const PATCHED =
  /\.catch\(\(function\(\)\{(\w+)\.__talaFailed=!0\}\)\)\.finally\(\(function\(\)\{\w+\(\1\.__talaFailed\?"error":"idle"\)/g;

/** Every JavaScript file the package ships (no source maps, no nested node_modules). */
function shippedScripts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('node_modules/'))
    .sort();
}

/** The entry points package.json declares (main, module, umd, CDN fields, every `exports` target). */
function declaredEntryPoints(pkg: Record<string, unknown>): string[] {
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''));
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) collect(inner);
  };
  for (const field of ['main', 'module', 'umd:main', 'unpkg', 'jsdelivr', 'browser', 'exports']) collect(pkg[field]);
  return [...new Set(targets)].sort();
}

test('UPGRADE DocSearch error-screen patch: installed version matches the patch, every shipped build carries the fix', () => {
  const dir = packageDir('@docsearch/react');
  const pkg = packageJson('@docsearch/react');
  const patches = readdirSync(PATCH_DIR).filter((file) => file.startsWith('@docsearch+react+'));
  assert.equal(patches.length, 1, broke('expected exactly one @docsearch/react patch', 'patches/', SECTION));
  const patchFile = patches[0] ?? '';
  const patchVersion = patchFile.replace(/^@docsearch\+react\+/, '').replace(/\.patch$/, '');
  assert.equal(
    pkg.version,
    patchVersion,
    broke(
      `@docsearch/react ${pkg.version} is installed, the patch is for ${patchVersion} (postinstall should have failed)`,
      `patches/${patchFile}; re-create it for the new version, or delete it if the new version keeps the error screen`,
      SECTION,
    ),
  );

  // Files holding autocomplete's onInput (its stall timer and pending requests), whatever their name.
  const scripts = shippedScripts(dir);
  const bundles = scripts.filter((file) => {
    const source = readFileSync(path.join(dir, file), 'utf8');
    return source.includes('stallThreshold') && source.includes('pendingRequests');
  });
  const patched = [
    ...readFileSync(path.join(PATCH_DIR, patchFile), 'utf8').matchAll(
      /^diff --git a\/node_modules\/@docsearch\/react\/(\S+)/gm,
    ),
  ]
    .map((match) => match[1])
    .sort();
  assert.deepEqual(
    bundles,
    patched,
    broke(
      'the files of @docsearch/react that bundle the autocomplete core are not the files the patch changes',
      `patches/${patchFile} (it must change each of: ${bundles.join(', ')})`,
      SECTION,
    ),
  );
  for (const file of bundles) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const unpatched = source.match(UNPATCHED)?.length ?? 0;
    const fixed = source.match(PATCHED)?.length ?? 0;
    assert.ok(
      unpatched === 0 && fixed === 1,
      broke(
        `node_modules/@docsearch/react/${file} is not patched (${unpatched} unpatched, ${fixed} patched endings): ` +
          'the error screen would fall back to "No results"',
        `run \`npx patch-package\` (postinstall does it on npm install / npm ci); patches/${patchFile}`,
        SECTION,
      ),
    );
  }

  // Every entry point (package.json fields, and the root files such as button.js that re-export a
  // build) leads to a patched build or to a file without the autocomplete core (styles).
  const reexported = (file: string) =>
    [...readFileSync(path.join(dir, file), 'utf8').matchAll(/from\s*['"](\.[^'"]+)['"]/g)].map((match) => {
      const target = path.posix.join(path.posix.dirname(file), match[1] ?? '');
      return scripts.includes(target) ? target : path.posix.join(target, 'index.js');
    });
  const entryPoints = [...declaredEntryPoints(pkg), ...scripts.filter((file) => !file.includes('/'))];
  for (const entry of entryPoints) {
    assert.ok(scripts.includes(entry), broke(`entry point ${entry} is missing from the package`, dir, SECTION));
    const reached = bundles.includes(entry) ? [entry] : reexported(entry);
    for (const file of reached) {
      const holdsCore = readFileSync(path.join(dir, file), 'utf8').includes('stallThreshold');
      assert.ok(
        !holdsCore || patched.includes(file),
        broke(`entry point ${entry} reaches ${file}, which the patch does not change`, `patches/${patchFile}`, SECTION),
      );
    }
  }
});

const A11Y_SECTION = 'DocSearch accessibility patch';

test('UPGRADE DocSearch accessibility patch: every build lists results as a grid of rows, in a dialog, without a button around it, screens titled by headings', () => {
  const dir = packageDir('@docsearch/react');
  for (const file of ['dist/esm/index.js', 'dist/umd/index.js']) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const where = `node_modules/@docsearch/react/${file}`;
    const expect = (pattern: RegExp, what: string) =>
      assert.equal(
        source.match(pattern)?.length ?? 0,
        1,
        broke(`${where}: ${what}`, 'patches/@docsearch+react+3.9.0.patch (run `npx patch-package`)', A11Y_SECTION),
      );
    // Each result list: its own id (the input's aria-controls names one per source) and role grid.
    expect(
      /"ul",Object\.assign\(\{\},\w\.getListProps\(\{source:\w\.collection\.source\}\),\{role:"grid"\}\)/g,
      'result lists are not grids with per-source ids',
    );
    // Each result: a row (its cell, our Hit, may hold the link and the save/remove buttons).
    expect(
      /Object\.assign\(\w\(\{item:\w,source:\w\.source,onClick:function\(e\)\{\w\(\w,e\)\}\}\),\{role:"row"\}\)/g,
      'results are not rows',
    );
    // The modal is a dialog; the backdrop around it is no longer a focusable button.
    expect(/className:"DocSearch-Modal",ref:\w,role:"dialog","aria-modal":"true"/g, 'the modal is not a dialog');
    assert.doesNotMatch(
      source,
      /role:"button",tabIndex:0,onMouseDown/,
      broke(`${where}: the backdrop is still a button`, 'patches/', A11Y_SECTION),
    );
    assert.doesNotMatch(
      source,
      /\w+\.getListProps\(\),/,
      broke(`${where}: a list without its source id`, 'patches/', A11Y_SECTION),
    );
    // The no-results and error screens' titles are headings (they look like ones), not paragraphs.
    assert.equal(
      source.match(/createElement\("h2",\{className:"DocSearch-Title"\}/g)?.length ?? 0,
      2,
      broke(`${where}: the screens' titles are not headings`, 'patches/', A11Y_SECTION),
    );
    assert.doesNotMatch(
      source,
      /createElement\("p",\{className:"DocSearch-Title"\}/,
      broke(`${where}: a screen title is still a paragraph`, 'patches/', A11Y_SECTION),
    );
  }
});
