import type { Plugin } from '@docusaurus/types';

/**
 * JSON modules analysed to their top-level keys only. In production Rspack, like webpack, flags
 * every nested key of every imported JSON file as an export, for tree shaking. Each API operation
 * page imports its operation's JSON (15 KB on average: parameters, schemas, examples) and uses it
 * whole, so that analysis only costs memory: at 1,721 pages the bundler's peak was 3,002 MiB with
 * it and 2,448 MiB with `exportsDepth: 1` (docs/decisions/growth-with-content.md). Unused top-level
 * keys of a JSON module are still left out.
 */
export const JSON_PARSER_OPTIONS = { exportsDepth: 1 } as const;

export default function jsonModules(): Plugin {
  return {
    name: 'tala-json-modules',
    configureWebpack: () => ({ module: { parser: { json: JSON_PARSER_OPTIONS } } }),
  };
}
