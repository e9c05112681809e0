import type { InlineCode, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { inlineCall } from './calls.ts';
import { type ApiSpecs, findOperation, loadApiSpecs } from './operations.ts';

/**
 * Guides deep-link to the operations they use: a code span such as
 * `POST /studio/v8/solutions/{solutionId}/flows` becomes a link to that operation's reference page
 * (generated from the spec at /reference/apis/{api}/{family}/{slug}/). Not to on-prem pages (the
 * Manager API's): a reader's page does not link into them. A span
 * that names no operation stays as it is (the examples check reports it).
 */
export default function remarkOperationLinks(options: { specs?: ApiSpecs } = {}) {
  let specs = options.specs;
  return (tree: Root) => {
    visit(tree, 'inlineCode', (node: InlineCode, index, parent) => {
      if (!parent || index === undefined || parent.type === 'link') return;
      const call = inlineCall({ file: '', text: node.value, line: 0, column: 0 });
      if (!call) return;
      specs ??= loadApiSpecs();
      const match = findOperation(specs, call.method, call.path);
      const operation = match.operation;
      if (!operation || operation.onPrem || !operation.family || !operation.slug) return;
      const link: Link = {
        type: 'link',
        url: operation.route,
        children: [node],
      };
      parent.children.splice(index, 1, link);
    });
  };
}
