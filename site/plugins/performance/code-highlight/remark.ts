import type { Code, Root } from 'mdast';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import { CONTINUE, SKIP, visit } from 'unist-util-visit';
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
    // Code blocks are flow content: never inside a paragraph, heading or table, whose phrasing
    // nodes are most of a page's tree and are not walked (5.7 s of a 10,000-page build's bundling).
    visit(tree, (node) => {
      if (node.type === 'code') {
        const group = grammarGroupOf((node as Code).lang);
        if (group) groups.add(group);
      }
      return PHRASING_PARENTS.has(node.type) ? SKIP : CONTINUE;
    });
    const imports = [...groups].sort().map(importNode);
    tree.children.unshift(...imports);
  };
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'table']);

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
