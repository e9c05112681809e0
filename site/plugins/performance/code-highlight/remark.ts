import type { Code, Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { visit } from 'unist-util-visit';
import { type GrammarGroup, grammarGroupOf, grammarModule } from './languages.ts';

/**
 * A page imports the Prism grammars its code blocks use (./grammars/), so they load with the
 * page's own chunk, before it renders (on the server, at hydration and on navigation alike), and
 * a page without code loads none. Plain and unknown languages import nothing (the highlight test
 * refuses unknown ones).
 */
export default function remarkGrammarImports() {
  return (tree: Root) => {
    const groups = new Set<GrammarGroup>();
    visit(tree, 'code', (node: Code) => {
      const group = grammarGroupOf(node.lang);
      if (group) groups.add(group);
    });
    const imports = [...groups].sort().map(importNode);
    tree.children.unshift(...imports);
  };
}

/** `import '<module>';` as MDX's ESM node, with the estree MDX compiles from. */
function importNode(group: GrammarGroup): MdxjsEsm {
  const source = grammarModule(group);
  return {
    type: 'mdxjsEsm',
    value: `import '${source}';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [],
            source: { type: 'Literal', value: source, raw: `'${source}'` },
            attributes: [],
          },
        ],
      },
    },
  };
}
