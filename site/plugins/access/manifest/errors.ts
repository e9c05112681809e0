import { BuildError, type BuildErrorCode } from '../../build-errors';

/** Build errors of the access manifest (site/plugins/build-errors.ts); each names the offending file. */
export class AccessManifestError extends BuildError {
  constructor(
    code: Extract<
      BuildErrorCode,
      | 'BUILD_ERR_UNCLASSIFIED_FILE'
      | 'BUILD_ERR_PAGE_NEEDS_GATED_FILE'
      | 'BUILD_ERR_ONPREM_IMPORT'
      | 'BUILD_ERR_BUILD_INPUT'
    >,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}
