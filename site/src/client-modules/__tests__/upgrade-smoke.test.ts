import assert from 'node:assert/strict';
import { test } from 'node:test';
import { broke, packageFile } from '../../../__tests__/upgrade-smoke';

const SECTION = 'window.docusaurus redefined';
const GUARD = 'site/src/client-modules/access-guard.ts';

test('UPGRADE window.docusaurus: core assigns it after the client modules, <Link> prefetches through it', () => {
  const core = (file: string) => packageFile('@docusaurus/core', `lib/client/${file}`);
  const entry = core('clientEntry.js');
  const app = core('App.js');

  // The client modules (access-guard among them) are imported, through App, before clientEntry's body.
  assert.match(entry, /^import App from '\.\/App';$/m, broke('clientEntry.js no longer imports ./App', GUARD, SECTION));
  assert.match(
    app,
    /^import '@generated\/client-modules';$/m,
    broke('App.js no longer imports the client modules at the top', GUARD, SECTION),
  );
  // ...and then the body assigns the global with a plain assignment, which the accessor intercepts.
  const assignments = entry.match(/window\.docusaurus\s*=\s*docusaurus;/g) ?? [];
  assert.equal(
    assignments.length,
    1,
    broke(
      '@docusaurus/core lib/client/clientEntry.js no longer runs `window.docusaurus = docusaurus;`',
      GUARD,
      SECTION,
    ),
  );
  assert.doesNotMatch(
    entry,
    /defineProperty\(\s*window/,
    broke('clientEntry.js defines window properties itself', GUARD, SECTION),
  );

  // The object: exactly prefetch and preload (the wrapper copies anything else unfiltered).
  const api = /const docusaurus = \{([^}]*)\};/.exec(core('docusaurus.js'))?.[1];
  assert.deepEqual(
    api
      ?.split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    ['prefetch', 'preload'],
    broke('lib/client/docusaurus.js: the window.docusaurus object is no longer {prefetch, preload}', GUARD, SECTION),
  );

  // <Link> reaches them only through the global.
  const link = core('exports/Link.js');
  assert.match(
    link,
    /window\.docusaurus\.prefetch\(/,
    broke('<Link> no longer calls window.docusaurus.prefetch', GUARD, SECTION),
  );
  assert.match(
    link,
    /window\.docusaurus\.preload\(/,
    broke('<Link> no longer calls window.docusaurus.preload', GUARD, SECTION),
  );
  assert.doesNotMatch(
    link,
    /from '\.\.\/(docusaurus|prefetch|preload)'/,
    broke('<Link> imports prefetch/preload directly, bypassing window.docusaurus', GUARD, SECTION),
  );
});
