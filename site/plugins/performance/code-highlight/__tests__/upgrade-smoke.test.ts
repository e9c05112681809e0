import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { broke, packageDir } from '../../../../__tests__/upgrade-smoke';

const SECTION = 'prism-react-renderer alias';
const PLUGIN = 'site/plugins/performance/code-highlight (index.ts, client/prism-react-renderer.tsx)';

/** Every `import … from 'prism-react-renderer'` in the Docusaurus packages' built code. */
function importsOfPrismReactRenderer(): { file: string; names: string[] }[] {
  const found: { file: string; names: string[] }[] = [];
  for (const name of ['@docusaurus/theme-classic', '@docusaurus/theme-common', '@docusaurus/core']) {
    const lib = path.join(packageDir(name), 'lib');
    for (const entry of readdirSync(lib, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const file = path.join(entry.parentPath, entry.name);
      for (const match of readFileSync(file, 'utf8').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*'prism-react-renderer'/g,
      )) {
        const names = (match[1] ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        found.push({ file: path.relative(path.dirname(lib), file), names });
      }
    }
  }
  return found;
}

test('UPGRADE prism-react-renderer alias: the theme imports only Highlight and Prism from prism-react-renderer, which the alias provides', async () => {
  const imports = importsOfPrismReactRenderer();
  const names = new Set(imports.flatMap((i) => i.names));
  assert.ok(
    names.has('Highlight'),
    broke('the theme no longer imports {Highlight} from prism-react-renderer', PLUGIN, SECTION),
  );
  assert.deepEqual(
    [...names].sort(),
    ['Highlight', 'Prism'],
    broke(`the theme imports ${JSON.stringify(imports)} from prism-react-renderer`, PLUGIN, SECTION),
  );
  const alias = await import('../client/prism-react-renderer');
  assert.equal(typeof alias.Highlight, 'function');
  assert.equal(typeof alias.Prism.tokenize, 'function');
});
