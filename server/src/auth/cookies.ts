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
