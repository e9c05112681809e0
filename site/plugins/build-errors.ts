/**
 * The site build's error catalogue: every error the build raises on purpose has a code and a
 * message a docs writer can act on, naming the file (and line, where there is one) to fix. The code
 * leads the first line, so it is what a CI log shows. Matched with `instanceof` and `.code`.
 * docs/errors.md documents each code; site/plugins/__tests__/build-errors.test.ts keeps the two equal.
 */
export const BUILD_ERRORS = {
  BUILD_ERR_UNCLASSIFIED_FILE: 'A built file is neither public nor on-prem by any rule of the access manifest.',
  BUILD_ERR_PAGE_NEEDS_GATED_FILE: 'A public page loads a file that only on-prem readers may read.',
  BUILD_ERR_ONPREM_IMPORT: 'A public source imports a module from an on-prem source.',
  BUILD_ERR_BUILD_INPUT:
    "Docusaurus's generated files, or the order it runs plugins in, are not what the build relies on.",
  BUILD_ERR_ROUTE_SPLIT: 'routes.js, registry.js or routesChunkNames.json cannot be split into sections.',
  BUILD_ERR_SYNONYMS: 'The search synonyms file is not valid YAML or not a list of synonym groups.',
  BUILD_ERR_OPENAPI:
    'An OpenAPI description is invalid YAML, defines a name twice, or an operation lacks its tag or x-slug.',
  BUILD_ERR_CONFIG: 'A build variable is wrong (one sentence per variable).',
  BUILD_ERR_GLOSSARY: "docs/glossary.md lacks the comment from which the site publishes it as the readers' glossary.",
  BUILD_ERR_EXAMPLE:
    'A checked example in a page is wrong, or a page names a platform constant or TQL table that does not exist.',
} as const;

export type BuildErrorCode = keyof typeof BUILD_ERRORS;

export class BuildError extends Error {
  constructor(
    readonly code: BuildErrorCode,
    message: string,
    options?: { cause?: unknown; file?: string; line?: number },
  ) {
    const where = options?.file ? `${options.file}${options.line ? `:${options.line}` : ''}: ` : '';
    super(`[${code}] ${where}${message}`, options);
    this.name = new.target.name;
  }
}
