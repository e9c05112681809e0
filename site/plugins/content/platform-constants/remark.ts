import type { Root } from 'mdast';
import type { TextDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import { BuildError } from '../../build-errors.ts';
import { loadConstants, type PlatformConstant } from './constants.ts';

/**
 * `:const[syncInterval]` in a page becomes the constant's text ("15 minutes"), from
 * site/config/platform-constants.yaml. An unknown name stops the build at its line.
 */
export default function remarkPlatformConstants(options: { constants?: Record<string, PlatformConstant> } = {}) {
  const constants = options.constants ?? loadConstants();
  return (tree: Root, file: { path?: string; value?: unknown }) => {
    // A page whose source names no constant is not walked (the directive is only ever written there).
    if (typeof file.value === 'string' && !file.value.includes(':const')) return;
    visit(tree, 'textDirective', (node: TextDirective, index, parent) => {
      if (node.name !== 'const' || !parent || index === undefined) return;
      const name = node.children.map((child) => ('value' in child ? child.value : '')).join('');
      const constant = constants[name];
      if (!constant) {
        throw new BuildError('BUILD_ERR_EXAMPLE', `:const[${name}] is not in site/config/platform-constants.yaml`, {
          ...(file.path ? { file: file.path } : {}),
          ...(node.position ? { line: node.position.start.line } : {}),
        });
      }
      parent.children.splice(index, 1, { type: 'text', value: constant.text });
    });
  };
}
