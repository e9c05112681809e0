/**
 * The development identity provider on its own, for several gate replicas that must sign in
 * against ONE provider (each gate's embedded provider has its own keys and sessions):
 *
 *   DEV_IDP_PORT=3001 OIDC_CLIENT_SECRET=… PUBLIC_URL=http://127.0.0.1:8080 \
 *     node server/src/dev-idp/standalone.ts
 *
 * then run each gate with OIDC_ISSUER=http://127.0.0.1:3001 and the same client id and secret.
 * Redirect URIs default to the gate's own defaults from PUBLIC_URL and PAGES_PREFIX;
 * OIDC_REDIRECT_URI and OIDC_POST_LOGOUT_REDIRECT_URI accept comma-separated lists.
 * Loopback only, refused when ENVIRONMENT=production (it signs anyone in without a password).
 */
import { pathToFileURL } from 'node:url';
import { LOGIN_ROUTE, PORTAL_DEFAULTS } from '@tala/policy';
import { DEV_IDP_VARIABLES } from '@tala/policy/environment';
import { type Env, readVariables } from '../env.ts';
import { ConfigError } from '../errors.ts';
import { DEMO_ACCOUNTS } from './accounts.ts';
import { type DevIdpOptions, startDevIdp } from './index.ts';

export function standaloneOptions(env: Env): DevIdpOptions {
  const vars = readVariables(env, DEV_IDP_VARIABLES);
  if (vars.ENVIRONMENT === 'production') {
    throw new ConfigError('The development identity provider is refused when ENVIRONMENT=production.');
  }
  // The gates must know the secret too, so it cannot be generated here.
  if (!vars.OIDC_CLIENT_SECRET) throw new ConfigError('OIDC_CLIENT_SECRET is required (the same value as the gates).');
  const publicUrl = (vars.PUBLIC_URL ?? PORTAL_DEFAULTS.siteUrl).replace(/\/+$/, '');
  const pagesPrefix = vars.PAGES_PREFIX.replace(/\/+$/, '');
  return {
    port: vars.DEV_IDP_PORT,
    clientId: vars.OIDC_CLIENT_ID ?? 'tala-docs-dev',
    clientSecret: vars.OIDC_CLIENT_SECRET,
    redirectUris: vars.OIDC_REDIRECT_URI ?? [`${publicUrl}/auth/callback`],
    postLogoutRedirectUris: vars.OIDC_POST_LOGOUT_REDIRECT_URI ?? [`${publicUrl}${pagesPrefix}${LOGIN_ROUTE}`],
  };
}

async function main(): Promise<void> {
  const idp = await startDevIdp(standaloneOptions(process.env));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void idp.close().then(() => process.exit(0)));
  }
  const accounts = DEMO_ACCOUNTS.map((a) => `    ${a.username.padEnd(22)} ${a.name}`).join('\n');
  // The first line is what scripts wait for: the issuer to give the gates as OIDC_ISSUER.
  console.log(`dev-idp: listening at ${idp.issuer}\nDemo accounts (no password):\n${accounts}`);
}

// Only when run as a program, so that tests can import standaloneOptions.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`dev-idp: ${error instanceof ConfigError ? error.message : error}`);
    process.exit(1);
  });
}
