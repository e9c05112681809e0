import type { Env } from '@tala/policy/environment';
import { buildVariables } from './custom-fields';

/**
 * Docusaurus Faster (Rspack, SWC, Lightning CSS, SSG on worker threads), every part on but Rspack's
 * persistent cache, which BUILD_CACHE turns on: it added 0.7 GiB to a 900-page build's peak (2.5 →
 * 3.2 GiB, docs/decisions/growth-with-content.md), and a clean build (CI, the image) never reads it.
 */
export function fasterOptions(env: Env) {
  return {
    swcJsLoader: true,
    swcJsMinimizer: true,
    swcHtmlMinimizer: true,
    lightningCssMinimizer: true,
    rspackBundler: true,
    rspackPersistentCache: buildVariables(env).BUILD_CACHE,
    ssgWorkerThreads: true,
    mdxCrossCompilerCache: true,
  } as const;
}
