import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { clientModuleReplacement } from '../client-module-replacement';

/** Core's prefetch helper, which `docusaurus.prefetch` calls once per chunk of every matched route. */
export const UPSTREAM_PREFETCH = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]prefetch\.js$/;

/**
 * Each chunk prefetched once. Docusaurus's viewport prefetch asks, for every link that
 * comes into view, for the chunks of every route the link matches, layout routes included, so the
 * docs root, version and layout chunks (loaded already) got a new `<link rel="prefetch">` for each
 * link: on a category page, dozens of links, each prefetch one idle task of 50–75 ms on a phone
 * (4×), most of it appending those elements. In the client bundle, core's `lib/client/prefetch.js`
 * is replaced by ./client/prefetch.ts: the same two strategies, and a URL already asked for returns
 * the first request's promise.
 *
 * Reach-in (docs/upgrading.md, "Prefetch each chunk once"). What breaks on upgrade: the file
 * moving (the smoke test reads it) or core changing how it prefetches (the smoke test compares its
 * source with the one the replacement was written from).
 */
export default function prefetchOncePlugin(context: LoadContext): Plugin {
  return clientModuleReplacement(
    'tala-prefetch-once',
    UPSTREAM_PREFETCH,
    path.join(context.siteDir, 'plugins/performance/prefetch-once/client/prefetch.ts'),
  );
}
