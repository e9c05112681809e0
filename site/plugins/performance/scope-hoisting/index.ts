import type { Plugin } from '@docusaurus/types';

/**
 * Module concatenation (scope hoisting) off, in both bundles. Rspack 1.7 tries every ES module
 * as the root of a concatenation and records why each neighbour could not join it; with one
 * chunk a page, almost every try fails (a page's module imports components from the shared
 * chunks), and the cost grows faster than the pages. At 10,433 pages bundling took 289 s and
 * peaked at 17.3 GiB with it, 178 s and 9.8 GiB without; at 3,412 pages the client compilation's
 * peak was 3.2 GiB with it and 2.4 without, and the step between its chunk tree and its chunk
 * modules took 10 s against 0.1 (docs/decisions/growth-with-content.md, ninth run). What it would
 * save the reader is small: the theme and the pages' modules are kept apart by chunks anyway,
 * and the shell's scripts grow by the wrappers of the modules it no longer merges (measured there).
 * Rspack 2.1 defers that bookkeeping (its pull request 14815): revisit on that upgrade.
 */
export const OPTIMIZATION = { concatenateModules: false } as const;

export default function scopeHoisting(): Plugin {
  return {
    name: 'tala-scope-hoisting',
    configureWebpack: (config) => (config.mode === 'production' ? { optimization: OPTIMIZATION } : {}),
  };
}
