import type { Plugin } from '@docusaurus/types';

/**
 * The server bundle compiled after the client bundle, not beside it. Docusaurus hands both
 * configurations to one multi-compiler, which runs them at once, so the build's peak memory is the
 * two compilations together; `dependencies` (a webpack and Rspack configuration option) makes the
 * server's wait for the client's. At 1,760 pages the bundling peak fell from 2,697 to 2,323 MiB and
 * its time stayed 37 s (the compilers use every core either way; docs/decisions/growth-with-content.md).
 *
 * Reach-in: Docusaurus names its two configurations 'client' and 'server' (its MDX loader refuses
 * any other compiler name); the smoke test in __tests__ fails if that changes, and a dependency on a
 * name no configuration has fails the build.
 */
export const CLIENT_COMPILER = 'client';

export default function bundleOrder(): Plugin {
  return {
    name: 'tala-bundle-order',
    configureWebpack: (config, isServer) =>
      isServer && config.mode === 'production' ? { dependencies: [CLIENT_COMPILER] } : {},
  };
}
