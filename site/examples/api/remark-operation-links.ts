import type { InlineCode, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { inlineCall } from './calls.ts';
import { type ApiSpecs, loadApiSpecs, operationNamed } from './operations.ts';

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
      specs ??= processSpecs();
      const operation = operationNamed(specs, call.method, call.path);
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

/**
 * The specs, read once per process: Docusaurus makes a processor per docs instance, Markdown format
 * and compiler, each calling this plugin, and at 10,000 pages (52 APIs) a read took 9–12 s.
 */
let shared: ApiSpecs | undefined;
function processSpecs(): ApiSpecs {
  shared ??= loadApiSpecs();
  return shared;
}
