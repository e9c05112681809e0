import { randomBytes } from 'node:crypto';
import type { Identity } from '@tala/policy';
import { LOGIN_ROUTE } from '@tala/policy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { crossSiteLogout, logoutNeedsPost, ProviderUnavailableError } from '../errors.ts';
import { SIGN_IN_LIMIT, SIGN_INS_PER_ACCOUNT } from '../protect/rate-limits.ts';
import type { RevocationList } from '../store/revocations.ts';
import { cookieNames, cookieOptions } from './cookies.ts';
import type { IdentityResolver } from './identity.ts';
import { acceptLogoutForm, isSameOriginPost } from './logout-form.ts';
import type { LoginTransaction, OidcClient } from './oidc-client.ts';
import { safeReturnTo } from './return-to.ts';
import { Sealer } from './sealer.ts';
import { type Session, SessionCodec } from './session-cookie.ts';
import type { AuthSettings } from './settings.ts';

type OidcSettings = Extract<AuthSettings, { mode: 'oidc' }>;

/** A login must complete within this time (the transaction cookie's lifetime). */
const LOGIN_TTL_SECONDS = 600;
/** A session is re-sealed (sliding idle timeout) at most this often. */
const REFRESH_AFTER_SECONDS = 60;

const now = () => Math.floor(Date.now() / 1000);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session's id (rate limits key on it), or null. */
    sessionId: string | null;
    /** The session's roles are older than SESSION_ROLE_TTL: pages send the reader through sign-in again. */
    reauthenticate: boolean;
    /** Who signed in and when the provider last vouched for their roles (the MCP consent's grant), or null. */
    signIn: { sub: string; rolesAt: number } | null;
  }
}

export interface SessionAuth {
  identity: IdentityResolver;
  routes: (fastify: FastifyInstance) => Promise<void>;
}

/**
 * Backend-for-frontend sign-in: the server runs the OpenID Connect code flow and keeps the result
 * in an encrypted cookie; the browser never sees a token. Routes: /auth/login, /auth/callback,
 * /auth/logout, /auth/status.
 */
export function sessionAuth(
  settings: OidcSettings,
  oidc: OidcClient,
  { pagesPrefix, publicUrl }: { pagesPrefix: string; publicUrl: string },
  revocations: RevocationList,
): SessionAuth {
  const codec = new SessionCodec(settings.session);
  const loginSealer = new Sealer(settings.session.secrets, 'tala-docs login');
  const names = cookieNames(settings.session);
  const loginPage = `${pagesPrefix}${LOGIN_ROUTE}`;

  // Returns nothing on purpose: a Fastify reply is thenable, and awaiting a function that returns
  // it would wait for the response to be sent, from inside the handler that sends it.
  const setSession = async (reply: FastifyReply, session: Session): Promise<void> => {
    reply.setCookie(names.session, await codec.seal(session), cookieOptions(settings.session, settings.session.maxAge));
  };
  const clearSession = (reply: FastifyReply): void => {
    reply.clearCookie(names.session, cookieOptions(settings.session, 0));
  };
  const toLogin = (reply: FastifyReply, error: string) =>
    reply.header('cache-control', 'no-store').redirect(`${loginPage}?error=${error}`, 302);

  const identity: IdentityResolver = async (request, reply) => {
    const cookie = request.cookies[names.session];
    if (cookie === undefined) return null;
    const session = await codec.open(cookie);
    if (session === null) {
      // Tampered, expired or sealed with a retired secret: signed out. The value is never logged.
      request.log.info('session cookie rejected (expired, tampered or unknown key)');
      clearSession(reply);
      return null;
    }
    // Checked on every request, so a logout on any replica (with Redis) ends the session everywhere.
    if (await revocations.isRevoked(session.sid)) {
      request.log.info('session cookie rejected (logged out)');
      clearSession(reply);
      return null;
    }
    if (now() - session.rolesAt >= settings.session.roleTtl) {
      // The roles may have changed at the provider: no access on them; pages go through sign-in.
      request.reauthenticate = true;
      return null;
    }
    if (now() - session.lastSeen >= REFRESH_AFTER_SECONDS) await setSession(reply, { ...session, lastSeen: now() });
    request.sessionId = session.sid;
    request.signIn = { sub: session.sub, rolesAt: session.rolesAt };
    const result: Identity = { name: session.name, username: session.username, roles: session.roles };
    return result;
  };

  async function routes(fastify: FastifyInstance): Promise<void> {
    acceptLogoutForm(fastify);
    // Completed sign-ins per account: each one is a new session, and sessions were budgets of their
    // own. The account's key is set on the request just before the charge.
    const chargeAccount = fastify.createRateLimit({
      keyGenerator: (request) => `sign-in:${request.signIn?.sub ?? request.ip}`,
      ...SIGN_INS_PER_ACCOUNT,
    });

    fastify.get<{ Querystring: { returnTo?: string } }>(
      '/auth/login',
      { config: { rateLimit: SIGN_IN_LIMIT } },
      async (request, reply) => {
        // Sign in on the configured origin, so that the cookies set here come back to the callback.
        const origin = new URL(publicUrl);
        if (request.host !== origin.host) {
          return reply.redirect(`${origin.origin}${request.url}`, 302);
        }
        const returnTo = safeReturnTo(request.query.returnTo, `${pagesPrefix}/`);
        try {
          const { url, transaction } = await oidc.startLogin(returnTo);
          reply.setCookie(
            names.login,
            await loginSealer.seal({ ...transaction }, now() + LOGIN_TTL_SECONDS),
            cookieOptions(settings.session, LOGIN_TTL_SECONDS),
          );
          return reply.header('cache-control', 'no-store').redirect(url.href, 302);
        } catch (error) {
          request.log.error({ err: error }, 'sign-in could not start: the identity provider is unavailable');
          return toLogin(reply, 'unavailable');
        }
      },
    );

    fastify.get<{ Querystring: Record<string, string | undefined> }>(
      '/auth/callback',
      { config: { rateLimit: SIGN_IN_LIMIT } },
      async (request, reply) => {
        const payload = await loginSealer.open(request.cookies[names.login]);
        reply.clearCookie(names.login, cookieOptions(settings.session, 0));
        if (payload === null || typeof payload.state !== 'string') {
          fastify.metrics.signIns.inc({ outcome: 'expired' });
          return toLogin(reply, 'expired');
        }
        const transaction = payload as unknown as LoginTransaction;
        // Single use: a transaction cookie replayed (copied, or a second callback) finds its state spent.
        const spent = `login:${transaction.state}`;
        if (await revocations.isRevoked(spent)) {
          fastify.metrics.signIns.inc({ outcome: 'replayed' });
          return toLogin(reply, 'expired');
        }
        await revocations.revoke(spent, Number(payload.exp ?? now() + LOGIN_TTL_SECONDS));
        if (request.query.error) {
          request.log.warn({ error: request.query.error }, 'the identity provider refused the sign-in');
          fastify.metrics.signIns.inc({ outcome: 'refused' });
          return toLogin(reply, request.query.error === 'access_denied' ? 'denied' : 'failed');
        }
        const callbackUrl = new URL(settings.redirectUri);
        callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
        try {
          const reader = await oidc.finishLogin(callbackUrl, transaction);
          const time = now();
          request.signIn = { sub: reader.sub, rolesAt: time };
          const charged = await chargeAccount(request);
          if (!charged.isAllowed && charged.isExceeded) {
            request.log.warn({ sub: reader.sub }, 'sign-in refused: too many sign-ins for this account');
            fastify.metrics.signIns.inc({ outcome: 'limited' });
            return toLogin(reply, 'limited');
          }
          const sid = randomBytes(16).toString('base64url');
          await setSession(reply, { ...reader, sid, authTime: time, lastSeen: time, rolesAt: time });
          request.log.info({ sub: reader.sub, roles: reader.roles }, 'signed in');
          fastify.metrics.signIns.inc({ outcome: 'ok' });
          return reply
            .header('cache-control', 'no-store')
            .redirect(safeReturnTo(transaction.returnTo, `${pagesPrefix}/`), 302);
        } catch (error) {
          const cause = (error as Error).cause as Error | undefined;
          request.log.warn({ message: (error as Error).message, cause: cause?.message }, 'sign-in callback rejected');
          fastify.metrics.signIns.inc({ outcome: 'failed' });
          return toLogin(reply, error instanceof ProviderUnavailableError ? 'unavailable' : 'failed');
        }
      },
    );

    // POST from the portal's own pages only: a cross-site form or link must not end a session.
    fastify.post('/auth/logout', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isSameOriginPost(request, publicUrl)) throw crossSiteLogout();
      const session = await codec.open(request.cookies[names.session]);
      if (session !== null) {
        // Until the cookie would have expired, and until MCP tokens from this session would (their
        // refresh ends SESSION_ROLE_TTL after the roles were read: server/src/mcp/authorization.ts).
        const until = Math.max(codec.expiresAt(session), session.rolesAt + settings.session.roleTtl);
        await revocations.revoke(session.sid, until);
        fastify.metrics.revocations.inc();
      }
      clearSession(reply);
      let target: string = loginPage;
      try {
        target = (await oidc.endSessionUrl())?.href ?? loginPage;
      } catch (error) {
        request.log.warn(
          { err: error },
          'logout: the identity provider is unavailable; ending the portal session only',
        );
      }
      // Gated hashed assets are kept by the browser (revalidated on every use, server/src/access/gate.ts);
      // a reader who signs out of a shared machine leaves none of them behind.
      return reply.header('cache-control', 'no-store').header('clear-site-data', '"cache"').redirect(target, 303);
    });
    fastify.get('/auth/logout', async (_request, reply) => {
      reply.header('allow', 'POST');
      throw logoutNeedsPost();
    });

    fastify.get('/auth/status', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ signInAvailable: await oidc.available() }),
    );
  }

  return { identity, routes };
}
