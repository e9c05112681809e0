import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { clientModuleReplacement } from '../client-module-replacement';

/** The module the theme's DocCard gets `extractLeadingEmoji` from (through theme-common/internal). */
export const UPSTREAM_EMOJI_UTILS = /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]emojiUtils\.js$/;

/**
 * Category index cards without the eager `Intl.Segmenter`: in the client bundle, theme-common's
 * `utils/emojiUtils.js` is replaced by ./client/emoji-utils.ts (same function, lazy segmenter, ASCII
 * fast path). A relative import inside the package, so a module replacement, not an alias.
 *
 * Reach-in (docs/upgrading.md, "theme-common emoji utils"). What breaks on upgrade: the file moving
 * or gaining exports (the build fails on a missing export, and the smoke test names it), or its
 * behaviour changing (the equivalence test in __tests__ compares both on every kind of label).
 */
export default function emojiLabelsPlugin(context: LoadContext): Plugin {
  return clientModuleReplacement(
    'tala-emoji-labels',
    UPSTREAM_EMOJI_UTILS,
    path.join(context.siteDir, 'plugins/performance/emoji-labels/client/emoji-utils.ts'),
  );
}
