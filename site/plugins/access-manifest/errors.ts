/** Build errors of the access manifest, with stable codes; each names the offending file. */
export class AccessManifestError extends Error {
  constructor(
    readonly code:
      | 'BUILD_ERR_UNCLASSIFIED_FILE'
      | 'BUILD_ERR_PAGE_NEEDS_GATED_FILE'
      | 'BUILD_ERR_ONPREM_IMPORT'
      | 'BUILD_ERR_BUILD_INPUT',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AccessManifestError';
  }
}
