/**
 * The gate's errors: a stable code, the HTTP status, and a message safe to show a reader.
 * 5xx messages are never sent (the error handler replaces them).
 */
export class GateError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GateError';
  }
}

export const unauthenticated = () =>
  new GateError('GATE_ERR_UNAUTHENTICATED', 401, 'Sign in to read the Tala documentation.');
export const forbidden = () =>
  new GateError('GATE_ERR_FORBIDDEN', 403, 'This part of the documentation needs the on-premises role.');
export const notFound = () => new GateError('GATE_ERR_NOT_FOUND', 404, 'Not found.');
export const badRequest = (message: string) => new GateError('GATE_ERR_BAD_REQUEST', 400, message);

/** A configuration problem found at start-up: the process exits with this message, no stack trace. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
