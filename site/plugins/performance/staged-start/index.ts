import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/**
 * The production client bundle starts through ./client/entry.ts, which evaluates `main.js` in
 * steps before Docusaurus's own entry runs.
 *
 * Reach-in (docs/upgrading.md, "staged start"): core's client config sets `entry` to
 * `@docusaurus/core/lib/client/clientEntry.js` (a string); this replaces it. What breaks on
 * upgrade: the entry moving or becoming an object (the smoke test reads core's client config), or
 * `clientEntry` gaining side effects that must run before the client modules (the browser tests
 * sign in, hydrate and navigate through every template).
 */
export default function stagedStartPlugin(context: LoadContext): Plugin {
  const entry = path.join(context.siteDir, 'plugins/performance/staged-start/client/entry.ts');
  return {
    name: 'tala-staged-start',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      return { entry };
    },
  };
}
