import type { Identity } from '@tala/policy';
import { ROLES } from '@tala/policy';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who is asking. The gate asks this once per request; the answer decides what it may receive.
 * Identities are pluggable: anonymous, skipAuthentication, and OpenID Connect sessions.
 */
export type IdentityResolver = (request: FastifyRequest, reply: FastifyReply) => Promise<Identity | null>;

/** Nobody is signed in (no sign-in configured yet, or the request carries no session). */
export const anonymous: IdentityResolver = async () => null;

/**
 * Seed §4: with skipAuthentication (never in production; config.ts refuses it) every request is a
 * reader holding the on-prem role, with no account.
 */
const SKIP_AUTHENTICATION_IDENTITY: Identity = Object.freeze({
  name: null,
  roles: Object.freeze([ROLES.reader, ROLES.onprem]),
});
export const skipAuthentication: IdentityResolver = async () => SKIP_AUTHENTICATION_IDENTITY;
