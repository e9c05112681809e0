/**
 * The OAuth errors of the MCP authorization server: the SDK's `OAuthError` with RFC 6749's codes.
 * SDK 2 has one class and a code enum where SDK 1 had a class per code; a class per code the
 * portal raises is kept here so that a thrown error says what it is where it is thrown.
 */
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';

export { OAuthError, OAuthErrorCode };

const withCode = (code: OAuthErrorCode) =>
  class extends OAuthError {
    constructor(message: string) {
      super(code, message);
    }
  };

export const InvalidRequestError = withCode(OAuthErrorCode.InvalidRequest);
export const InvalidClientError = withCode(OAuthErrorCode.InvalidClient);
export const InvalidClientMetadataError = withCode(OAuthErrorCode.InvalidClientMetadata);
export const InvalidGrantError = withCode(OAuthErrorCode.InvalidGrant);
export const InvalidTargetError = withCode(OAuthErrorCode.InvalidTarget);
export const InvalidTokenError = withCode(OAuthErrorCode.InvalidToken);
export const UnsupportedGrantTypeError = withCode(OAuthErrorCode.UnsupportedGrantType);
export const UnsupportedResponseTypeError = withCode(OAuthErrorCode.UnsupportedResponseType);
export const ServerError = withCode(OAuthErrorCode.ServerError);

/** A client presented a refresh token it had already spent: the family is revoked (logged as such). */
export class RefreshTokenReusedError extends InvalidGrantError {}

/** RFC 6749 §5.2: 401 for a client that failed to authenticate, 500 for ours, 400 for the rest. */
export function statusOf(error: OAuthError): number {
  if (error.code === OAuthErrorCode.ServerError) return 500;
  return error.code === OAuthErrorCode.InvalidClient ? 401 : 400;
}
