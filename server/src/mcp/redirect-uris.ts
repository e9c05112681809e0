/**
 * The redirect-URI rules of the MCP authorization server, for registered clients and client
 * metadata documents alike. `redirectUriMatches` is the rule MCP SDK 1.x exported
 * (server/auth/handlers/authorize.js); SDK 2 ships no authorization server, so it lives here.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Loopback hosts may use http (native apps, RFC 8252); anything else must be https (MCP spec). */
export function acceptableRedirectUri(uri: string): boolean {
  // No fragment (RFC 6749 §3.1.2), not even an empty one, which URL.hash does not show.
  if (uri.includes('#') || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Whether a requested redirect URI is a registered one: exactly, or, both on a loopback host, with
 * any port (RFC 8252 §7.3: a native app listens on a port it gets from the system), the scheme,
 * host, path and query still exact.
 */
export function redirectUriMatches(requested: string, registered: string): boolean {
  if (requested === registered) return true;
  if (!URL.canParse(requested) || !URL.canParse(registered)) return false;
  const req = new URL(requested);
  const reg = new URL(registered);
  if (!LOOPBACK_HOSTS.has(req.hostname) || !LOOPBACK_HOSTS.has(reg.hostname)) return false;
  return (
    req.protocol === reg.protocol &&
    req.hostname === reg.hostname &&
    req.pathname === reg.pathname &&
    req.search === reg.search
  );
}
