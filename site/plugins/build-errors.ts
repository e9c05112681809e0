/**
 * The site build's error catalogue: every error the build raises on purpose has a code and a
 * message a docs writer can act on, naming the file (and line, where there is one) to fix. The code
 * leads the first line, so it is what a CI log shows. Matched with `instanceof`.
 */
export type BuildErrorCode =
  | 'BUILD_ERR_UNCLASSIFIED_FILE'
  | 'BUILD_ERR_PAGE_NEEDS_GATED_FILE'
  | 'BUILD_ERR_ONPREM_IMPORT'
  | 'BUILD_ERR_BUILD_INPUT'
  | 'BUILD_ERR_SYNONYMS'
  | 'BUILD_ERR_OPENAPI'
  | 'BUILD_ERR_CONFIG'
  | 'BUILD_ERR_EXAMPLE';

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
