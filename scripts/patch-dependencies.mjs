// The root postinstall: applies patches/ with patch-package. Every patch is to a dependency of the
// site, so the gate's production install (server and policy only, no dev dependencies) has neither
// the patched packages nor patch-package: nothing to do there. Patched packages present without
// patch-package would be a site built on unpatched code: that fails the install.
// Plain JavaScript: it runs before anything is installed, on whatever Node runs npm.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const installed = (name) => existsSync(path.join(root, 'node_modules', name, 'package.json'));

// `@docusaurus+theme-common+3.10.2.patch`: the package is every `+` part but the version.
const patched = readdirSync(path.join(root, 'patches'))
  .filter((file) => file.endsWith('.patch'))
  .map((file) =>
    file
      .split('++')[0]
      .replace(/\.patch$/, '')
      .split('+')
      .slice(0, -1)
      .join('/'),
  )
  .filter(installed);

if (patched.length === 0) {
  console.log('patches/: none of the patched packages is installed, nothing to patch.');
} else if (!installed('patch-package')) {
  console.error(
    `patches/: ${patched.join(', ')} installed without patch-package (a dev dependency): install with dev dependencies.`,
  );
  process.exit(1);
} else {
  const bin = path.join(root, 'node_modules', '.bin', 'patch-package');
  const result = spawnSync(bin, ['--error-on-fail', '--error-on-warn'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
