import type { Plugin } from '@docusaurus/types';

/**
 * A plugin that swaps one module of another package for a file of ours in the client bundle only
 * (the server bundle keeps the original). A module replacement, not an alias: the modules replaced
 * are imported by relative paths inside their packages. Each use is a reach-in with its own section
 * in docs/upgrading.md and its own smoke test.
 */
export function clientModuleReplacement(name: string, upstream: RegExp, replacement: string): Plugin {
  return {
    name,
    configureWebpack(_config, isServer, { currentBundler }) {
      if (isServer) return {};
      return {
        // An absolute path: after resolution, the module's resource becomes this file.
        plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(upstream, replacement)],
      };
    },
  };
}
