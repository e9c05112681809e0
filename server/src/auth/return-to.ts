/**
 * Where to go after sign-in. Only a same-origin relative path is accepted: `returnTo` comes from
 * the query string, and anything else would make /auth/login an open redirect. Rejected:
 * absolute URLs, protocol-relative `//host`, `/\host` (browsers read `\` as `/`), control
 * characters, and their percent-encoded forms (the value is checked after decoding too).
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  let decoded = value;
  try {
    // Decode repeatedly so that %252F%252F… cannot hide a `//` from the check.
    for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) decoded = decodeURIComponent(decoded);
  } catch {
    return fallback;
  }
  for (const candidate of [value, decoded]) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
    if (!candidate.startsWith('/') || /^\/[/\\]/.test(candidate) || /[\u0000-\u001f\u007f\\]/.test(candidate)) {
      return fallback;
    }
  }
  // Resolve against a dummy origin: the result must stay on it.
  const url = new URL(value, 'http://portal.invalid');
  if (url.origin !== 'http://portal.invalid') return fallback;
  // The check that counts is on the normalised result: `/.//evil`, `/%2e//evil` and `/a/..//evil`
  // all resolve to a path starting `//`, which a browser reads as another host.
  const target = `${url.pathname}${url.search}${url.hash}`;
  return /^\/[/\\]/.test(target) ? fallback : target;
}
