import { randomBytes } from 'node:crypto';
import { MCP_ROUTES } from '@tala/policy';
import type { GateConfig } from '../config.ts';

/** Where the MCP server and its authorization server live, and how long what they issue lasts. */
export interface McpSettings {
  /** The authorization server's issuer: the portal's origin. */
  readonly issuer: string;
  /** The protected resource (RFC 8707 audience of every access token): `{PUBLIC_URL}/mcp`. */
  readonly resource: string;
  /** RFC 9728 metadata of the resource, named in every 401's WWW-Authenticate. */
  readonly resourceMetadataUrl: string;
  readonly endpoint: (route: string) => string;
  /** Access tokens (seconds): short, so that a refresh re-checks logout and role age. */
  readonly accessTokenTtl: number;
  /** Roles are trusted this long after sign-in, as for pages (SESSION_ROLE_TTL): refresh tokens end there. */
  readonly roleTtl: number;
  /** Registered clients are forgotten this long after registration. */
  readonly clientTtl: number;
  /**
   * ...unless no reader approves them within this: a registration costs nothing, so one that never
   * leads to a sign-in must not hold its place in the store for the whole client lifetime.
   */
  readonly unapprovedClientTtl: number;
  /** A remembered consent (client + reader) lasts this long. */
  readonly consentTtl: number;
  /** The session secrets (one key per purpose is derived from them, as for cookies). */
  readonly secrets: readonly string[];
}

export function mcpSettings(config: GateConfig): McpSettings {
  const origin = new URL(config.publicUrl).origin;
  // Without sign-in (SKIP_AUTHENTICATION, development only) there are no session secrets.
  const session = config.auth.mode === 'oidc' ? config.auth.session : null;
  return Object.freeze({
    issuer: origin,
    resource: `${origin}${MCP_ROUTES.mcp}`,
    resourceMetadataUrl: `${origin}${MCP_ROUTES.protectedResourceMetadata}`,
    endpoint: (route: string) => `${origin}${route}`,
    accessTokenTtl: 600,
    roleTtl: session?.roleTtl ?? 3600,
    clientTtl: 30 * 24 * 3600,
    unapprovedClientTtl: 3600,
    consentTtl: 30 * 24 * 3600,
    secrets: session?.secrets ?? [randomBytes(32).toString('base64url')],
  });
}
