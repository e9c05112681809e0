import type { LoadContext, Plugin } from '@docusaurus/types';

/**
 * Code blocks highlighted by a Prism that holds only the docs' languages (./languages.ts): in both
 * bundles, `prism-react-renderer` resolves to ./client/prism-react-renderer.tsx. The theme config
 * keeps `prism.additionalLanguages` empty, since the grammars come with that Prism.
 *
 * Reach-in (docs/upgrading.md, "prism-react-renderer alias"). Why: see the client module; the
 * theme offers no option to pass its CodeBlock another Prism. What breaks on upgrade:
 * - the theme importing something else from `prism-react-renderer` (a new named export): the build
 *   fails on the missing export, loudly;
 * - prism-react-renderer changing the markup Highlight gives for the same code (class names, line
 *   and token props): our code blocks would differ from the theme's expectations; the equivalence
 *   test (plugins/code-highlight/__tests__/highlight.test.tsx) renders both and fails.
 */
export default function codeHighlightPlugin(context: LoadContext): Plugin {
  return {
    name: 'tala-code-highlight',
    configureWebpack() {
      return {
        resolve: {
          alias: {
            'prism-react-renderer$': `${context.siteDir}/plugins/code-highlight/client/prism-react-renderer.tsx`,
          },
        },
      };
    },
  };
}
