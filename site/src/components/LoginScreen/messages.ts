/** What the login screen says when sign-in cannot proceed (spec/seed.md §8, worded for readers). */
export const SIGN_IN_MESSAGES: Readonly<Record<string, string>> = {
  unavailable:
    'Sign-in is not available right now: the identity provider could not be reached. Try again in a few minutes; if this persists, tell your Tala administrator.',
  unconfigured:
    'Sign-in is not set up for this portal: no identity provider configuration is available. Tell your Tala administrator.',
  denied: 'Your identity provider did not let you sign in. If you should have access, use Request Access.',
  failed: 'Sign-in did not complete. Try again.',
  expired: 'The sign-in took too long and expired. Try again.',
  limited:
    'This account has signed in too many times in the last hour. Try again later, or use a session you already have open.',
};

export function messageFor(code: string | null): string | null {
  return code === null ? null : (SIGN_IN_MESSAGES[code] ?? SIGN_IN_MESSAGES.failed ?? null);
}
