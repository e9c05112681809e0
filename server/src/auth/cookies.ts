import type { CookieSerializeOptions } from '@fastify/cookie';
import type { SessionSettings } from './settings.ts';

/**
 * Cookie names and flags. Over https the names carry the `__Host-` prefix, which browsers accept
 * only with Secure, Path=/ and no Domain: no subdomain can plant or overwrite them.
 */
export function cookieNames(settings: SessionSettings): { session: string; login: string } {
  const prefix = settings.secure ? '__Host-' : '';
  return { session: `${prefix}tala_session`, login: `${prefix}tala_login` };
}

export function cookieOptions(settings: SessionSettings, maxAge: number): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: settings.secure, maxAge };
}

/**
 * Whether a shared cache (CDN, proxy) may keep an answer with this Cache-Control: anything not
 * marked `private` or `no-store` may be kept, explicitly (`public`, `s-maxage`) or heuristically
 * (RFC 9111 §4.2.2), Set-Cookie and all. Cookies go only on answers it may not keep.
 */
export function sharedCacheMayStore(cacheControl: unknown): boolean {
  const directives = String(cacheControl ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim().split('=')[0]);
  return !directives.includes('private') && !directives.includes('no-store');
}
