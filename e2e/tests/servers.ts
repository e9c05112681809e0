/** Ports and secrets of the test servers (playwright.config.ts starts them). */
const base = Number(process.env.E2E_PORT ?? 3101);
export const PORTS = {
  reading: base,
  signin: base + 1,
  signinIdp: base + 2,
  idpDown: base + 3,
} as const;

/** The signin server's session secret, so that a test can seal an expired session. */
export const SESSION_SECRET = 'e2e-session-secret-e2e-session-secret-0001';
