import type { Identity } from '@tala/policy';
import { ROLES } from '@tala/policy';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who is asking. The gate asks this once per request; the answer decides what it may receive.
 * Identities are pluggable: skipAuthentication (below) and OpenID Connect sessions (auth/plugin.ts),
 * where a request without a valid session is anonymous (null).
 */
export type IdentityResolver = (request: FastifyRequest, reply: FastifyReply) => Promise<Identity | null>;

/**
 * Seed (spec/seed.md §4): with skipAuthentication (never in production; config.ts refuses it) every request is a
 * reader holding the on-prem role, with no account.
 */
const SKIP_AUTHENTICATION_IDENTITY: Identity = Object.freeze({
  name: null,
  roles: Object.freeze([ROLES.reader, ROLES.onprem]),
});
export const skipAuthentication: IdentityResolver = async () => SKIP_AUTHENTICATION_IDENTITY;
