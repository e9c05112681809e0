/**
 * The gate's error catalogue: every error the server can raise, each with a stable code, the HTTP
 * status it answers with, and a message a reader (or, at start-up, a deployer) can act on.
 * Callers match with `instanceof`, never on code strings. Errors of other libraries are translated
 * into these at the boundary (openid-client in auth/oidc-client.ts, ioredis in store/, JSON in http/).
 * The app's error handler (app.ts) sends `{error: code, message}`; the search scope sends Algolia's
 * `{message, status}` (search/routes.ts); a start-up error is one line on stderr (server.ts).
 */
export class GateError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

// ── Access ──────────────────────────────────────────────────────────────────────────────────────
export const unauthenticated = () =>
  new GateError('GATE_ERR_UNAUTHENTICATED', 401, 'Sign in to read the Tala documentation.');
export const forbidden = () =>
  new GateError('GATE_ERR_FORBIDDEN', 403, 'This part of the documentation needs the on-premises role.');
export const notFound = () => new GateError('GATE_ERR_NOT_FOUND', 404, 'Not found.');

// ── Requests ────────────────────────────────────────────────────────────────────────────────────
export const badRequest = (message: string) => new GateError('GATE_ERR_BAD_REQUEST', 400, message);
export const badJson = (message: string) => new GateError('GATE_ERR_BAD_JSON', 400, message);
export const rateLimited = (status: number, retryAfterSeconds: number) =>
  new GateError('GATE_ERR_RATE_LIMITED', status, `Too many requests: try again in ${retryAfterSeconds} s.`);
export const busy = () => new GateError('GATE_ERR_BUSY', 503, 'The portal is busy. Try again in a moment.');

// ── Sign-in ─────────────────────────────────────────────────────────────────────────────────────
/** The provider cannot be used now (not reachable, bad discovery document): readers see a message. */
export class ProviderUnavailableError extends GateError {
  constructor(cause: unknown) {
    super('GATE_ERR_IDP_UNAVAILABLE', 503, 'Sign-in is not available right now.', { cause });
  }
}
/** The provider's answer did not check out (state, nonce, PKCE, signature, no ID token). */
export class SignInRejectedError extends GateError {
  constructor(message: string, cause?: unknown) {
    super('GATE_ERR_SIGN_IN_REJECTED', 400, message, { cause });
  }
}
export const crossSiteLogout = () =>
  new GateError('GATE_ERR_CROSS_SITE', 403, 'Logout is accepted only from the portal itself: use the Logout button.');
export const logoutNeedsPost = () =>
  new GateError('GATE_ERR_METHOD', 405, 'Log out with the Logout button (a POST from the portal).');
/** Redis is away: a session cannot be checked, so it is not honoured (fail closed), and says so. */
export const sessionStoreUnavailable = (cause: unknown) =>
  new GateError('GATE_ERR_SESSION_STORE_UNAVAILABLE', 503, 'Sign-in is unavailable for a moment. Try again shortly.', {
    cause,
  });

// ── Search (answered in Algolia's `{message, status}` shape) ─────────────────────────────────────
/** A request Algolia would refuse, or one over the portal's bounds (search/limits.ts). */
export class QueryError extends GateError {
  constructor(message: string, status = 400) {
    super('GATE_ERR_SEARCH_QUERY', status, message);
  }
  get status(): number {
    return this.statusCode;
  }
}
/** The worker pool has more queued bodies than it can answer soon: 503 with Retry-After. */
export class SearchBusyError extends GateError {
  constructor() {
    super('GATE_ERR_SEARCH_BUSY', 503, 'Search is busy. Try again in a moment.');
  }
}

// ── Start-up (the process exits with the message, no stack trace) ───────────────────────────────
/** A configuration problem: names the variable and what it must be. */
export class ConfigError extends GateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('GATE_ERR_CONFIG', 500, message, options);
  }
}
/** The build's search records or synonyms cannot be used: rebuild the site. */
export class RecordsError extends GateError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('GATE_ERR_SEARCH_RECORDS', 500, message, options);
  }
}
