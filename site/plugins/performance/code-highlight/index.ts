import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

/**
 * Code blocks highlighted by a Prism that holds only the docs' languages (./languages.ts): in both
 * bundles, `prism-react-renderer` resolves to ./client/prism-react-renderer.tsx, whose Prism is the
 * bare core; each page imports the grammar groups its code blocks use (./remark.ts, ./grammars/).
 * The theme config keeps `prism.additionalLanguages` empty.
 *
 * Reach-in (docs/upgrading.md, "prism-react-renderer alias"). Why: see the client module; the
 * theme offers no option to pass its CodeBlock another Prism. What breaks on upgrade:
 * - the theme importing something else from `prism-react-renderer` (a new named export): the build
 *   fails on the missing export, loudly;
 * - prism-react-renderer changing the markup Highlight gives for the same code (class names, line
 *   and token props): our code blocks would differ from the theme's expectations; the equivalence
 *   test (plugins/performance/code-highlight/__tests__/highlight.test.tsx) renders both and fails.
 */
/** A grammar group file's imports in order: other groups (`./web`) and Prism component files. */
export function groupImports(siteDir: string, group: string): string[] {
  const file = path.join(siteDir, 'plugins/performance/code-highlight/grammars', `${group}.ts`);
  return [...readFileSync(file, 'utf8').matchAll(/^import '([^']+)';$/gm)].map((match) => match[1] as string);
}

/**
 * A cache group per file of ./grammars/: the Prism component files it imports itself (a group's
 * dependencies on other groups stay theirs), so each component file is in exactly one chunk.
 */
export function grammarChunks(siteDir: string): Record<string, object> {
  const dir = path.join(siteDir, 'plugins/performance/code-highlight/grammars');
  const groups: Record<string, object> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && name !== 'all.ts')) {
    const group = file.replace(/\.ts$/, '');
    const components = groupImports(siteDir, group)
      .filter((specifier) => specifier.startsWith('prismjs/components/'))
      .map((specifier) => specifier.slice('prismjs/components/'.length));
    if (components.length === 0) continue;
    groups[`prism-${group}`] = {
      name: `prism-${group}`,
      test: new RegExp(`[\\\\/]prismjs[\\\\/]components[\\\\/](?:${components.join('|')})\\.js$`),
      chunks: 'async',
      enforce: true,
      priority: 60,
    };
  }
  return groups;
}

export default function codeHighlightPlugin(context: LoadContext): Plugin {
  return {
    name: 'tala-code-highlight',
    // Synchronous: Docusaurus does not await configureWebpack.
    configureWebpack(_config, isServer, { currentBundler }) {
      return {
        // The client bundle gets one chunk per grammar group, shared by the pages that use it:
        // the groups are below the bundler's minimum size for a split, so each page chunk would
        // otherwise carry its own copy (the web group was in 60 of them).
        ...(isServer ? {} : { optimization: { splitChunks: { cacheGroups: grammarChunks(context.siteDir) } } }),
        // Prism's grammar files extend a global `Prism`; this gives them the core module instead,
        // so a grammar can load with a page's chunk after the core has dropped its global.
        plugins: [
          new currentBundler.instance.ProvidePlugin({
            Prism: [`${context.siteDir}/plugins/performance/code-highlight/client/prism.ts`, 'default'],
          }),
        ],
        resolve: {
          alias: {
            'prism-react-renderer$': `${context.siteDir}/plugins/performance/code-highlight/client/prism-react-renderer.tsx`,
          },
        },
      };
    },
  };
}
