/**
 * The gate's error catalogue: every error the server answers with or stops on, each a code with
 * one meaning, the status it answers with and the message a reader (or, at start-up, a deployer)
 * can act on. Errors are built here only (a test reads server/src for `new GateError(` elsewhere),
 * and every code is documented in docs/errors.md (a test compares the two), as fastify does with
 * its `lib/errors.js`. Callers match with `instanceof` or on `code`, never on messages.
 *
 * Errors of other libraries are translated at the boundary: openid-client in auth/oidc-client.ts,
 * ioredis in store/, JSON in http/, Fastify's own in the app's error handler (app.ts, `fromFastify`).
 * The OAuth endpoints and the MCP bearer check answer with the MCP SDK's `OAuthError` codes
 * (RFC 6749/6750; mcp/oauth-errors.ts), which docs/errors.md lists as well.
 */
export const GATE_ERRORS = {
  // Access
  GATE_ERR_UNAUTHENTICATED: { status: 401, message: 'Sign in to read the Tala documentation.' },
  GATE_ERR_FORBIDDEN: { status: 403, message: 'This part of the documentation needs the on-premises role.' },
  GATE_ERR_NOT_FOUND: { status: 404, message: 'Not found.' },
  // Requests
  GATE_ERR_BAD_REQUEST: { status: 400, message: 'The request is malformed.' },
  GATE_ERR_BAD_JSON: { status: 400, message: 'The body is not valid JSON.' },
  GATE_ERR_BODY_TOO_LARGE: { status: 413, message: 'The body is too large.' },
  GATE_ERR_MEDIA_TYPE: { status: 415, message: 'The body has a content type this address does not accept.' },
  GATE_ERR_METHOD: { status: 405, message: 'This address does not take this method.' },
  GATE_ERR_CROSS_SITE: { status: 403, message: 'This is accepted only from the portal itself.' },
  GATE_ERR_RATE_LIMITED: { status: 429, message: 'Too many requests: try again later.' },
  GATE_ERR_BUSY: { status: 503, message: 'The portal is busy. Try again in a moment.' },
  GATE_ERR_INTERNAL: { status: 500, message: 'Something went wrong on our side. Try again later.' },
  // Sign-in
  GATE_ERR_IDP_UNAVAILABLE: { status: 503, message: 'Sign-in is not available right now.' },
  GATE_ERR_SIGN_IN_REJECTED: { status: 400, message: 'The identity provider’s answer did not check out.' },
  GATE_ERR_SESSION_STORE_UNAVAILABLE: {
    status: 503,
    message: 'Sign-in is unavailable for a moment. Try again shortly.',
  },
  // MCP consent
  GATE_ERR_AUTHORIZATION_UNKNOWN: {
    status: 404,
    message: 'This authorization request is unknown or expired: start the connection from your assistant again.',
  },
  // Search (answered in Algolia's `{message, status}` shape)
  GATE_ERR_SEARCH_QUERY: { status: 400, message: 'The search request is not one the portal answers.' },
  GATE_ERR_SEARCH_KEY: { status: 403, message: 'The API key does not allow this search.' },
  GATE_ERR_SEARCH_INDEX: { status: 404, message: 'No such index.' },
  GATE_ERR_SEARCH_UNAVAILABLE: { status: 503, message: 'Search is not available: this build has no search records.' },
  GATE_ERR_SEARCH_BUSY: { status: 503, message: 'Search is busy. Try again in a moment.' },
  // Start-up (the process exits with the message, no stack trace)
  GATE_ERR_CONFIG: { status: 500, message: 'The configuration is wrong.' },
  GATE_ERR_SEARCH_RECORDS: { status: 500, message: 'The build’s search records cannot be used: rebuild the site.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type GateErrorCode = keyof typeof GATE_ERRORS;

export class GateError extends Error {
  readonly code: GateErrorCode;
  readonly statusCode: number;

  constructor(
    code: GateErrorCode,
    message: string = GATE_ERRORS[code].message,
    options?: { cause?: unknown; status?: number },
  ) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
    this.statusCode = options?.status ?? GATE_ERRORS[code].status;
  }
}

// ── Access ──────────────────────────────────────────────────────────────────────────────────────
export const unauthenticated = (message?: string) => new GateError('GATE_ERR_UNAUTHENTICATED', message);
export const forbidden = () => new GateError('GATE_ERR_FORBIDDEN');
export const notFound = () => new GateError('GATE_ERR_NOT_FOUND');

// ── Requests ────────────────────────────────────────────────────────────────────────────────────
export const badRequest = (message: string) => new GateError('GATE_ERR_BAD_REQUEST', message);
export const badJson = (message: string) => new GateError('GATE_ERR_BAD_JSON', message);
/** A state-changing POST from another site (logout, an assistant's authorization): `what` names it. */
export const crossSite = (what: string, hint = '') =>
  new GateError('GATE_ERR_CROSS_SITE', `${what} is accepted only from the portal itself${hint}.`);
export const crossSiteLogout = () => crossSite('Logout', ': use the Logout button');
export const logoutNeedsPost = () =>
  new GateError('GATE_ERR_METHOD', 'Log out with the Logout button (a POST from the portal).');
export const rateLimited = (status: number, retryAfterSeconds: number) =>
  new GateError('GATE_ERR_RATE_LIMITED', `Too many requests: try again in ${retryAfterSeconds} s.`, { status });
export const busy = () => new GateError('GATE_ERR_BUSY');
export const internal = (cause: unknown) => new GateError('GATE_ERR_INTERNAL', undefined, { cause });

/** Fastify's own request errors (body too large, wrong content type, …) as catalogue errors. */
export function fromFastify(error: Error & { statusCode?: number; code?: string }): GateError {
  const status = error.statusCode ?? 500;
  if (status === 413) return new GateError('GATE_ERR_BODY_TOO_LARGE', error.message, { cause: error });
  if (status === 415) return new GateError('GATE_ERR_MEDIA_TYPE', error.message, { cause: error });
  if (status === 405) return new GateError('GATE_ERR_METHOD', error.message, { cause: error });
  if (status === 404) return new GateError('GATE_ERR_NOT_FOUND', error.message, { cause: error });
  if (status >= 400 && status < 500) return new GateError('GATE_ERR_BAD_REQUEST', error.message, { cause: error });
  return internal(error);
}

// ── Sign-in ─────────────────────────────────────────────────────────────────────────────────────
/** The provider cannot be used now (not reachable, bad discovery document): readers see a message. */
export class ProviderUnavailableError extends GateError {
  constructor(cause: unknown) {
    super('GATE_ERR_IDP_UNAVAILABLE', undefined, { cause });
  }
}
/** The provider's answer did not check out (state, nonce, PKCE, signature, no ID token). */
export class SignInRejectedError extends GateError {
  constructor(message: string, cause?: unknown) {
    super('GATE_ERR_SIGN_IN_REJECTED', message, { cause });
  }
}
/** Redis is away: a session cannot be checked, so it is not honoured (fail closed), and says so. */
export const sessionStoreUnavailable = (cause: unknown) =>
  new GateError('GATE_ERR_SESSION_STORE_UNAVAILABLE', undefined, { cause });

// ── MCP consent ─────────────────────────────────────────────────────────────────────────────────
export const unknownAuthorization = () => new GateError('GATE_ERR_AUTHORIZATION_UNKNOWN');

// ── Search (answered in Algolia's `{message, status}` shape) ─────────────────────────────────────
/** A request Algolia would refuse, or one over the portal's bounds (search/limits.ts). */
export class QueryError extends GateError {
  constructor(message: string) {
    super('GATE_ERR_SEARCH_QUERY', message);
  }
}
export const searchKeyRefused = (message: string) => new GateError('GATE_ERR_SEARCH_KEY', message);
export const noSuchIndex = (message: string) => new GateError('GATE_ERR_SEARCH_INDEX', message);
export const searchUnavailable = () => new GateError('GATE_ERR_SEARCH_UNAVAILABLE');
/** Readers' searches wait for the workers in turn; this reader has too many waiting: 503 with Retry-After. */
export class SearchBusyError extends GateError {
  constructor() {
    super('GATE_ERR_SEARCH_BUSY');
  }
}

// ── Start-up ────────────────────────────────────────────────────────────────────────────────────
/** A configuration problem: names the variable and what it must be. */
export class ConfigError extends GateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('GATE_ERR_CONFIG', message, options);
  }
}
/** The build's search records or synonyms cannot be used: rebuild the site. */
export class RecordsError extends GateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('GATE_ERR_SEARCH_RECORDS', message, options);
  }
}
