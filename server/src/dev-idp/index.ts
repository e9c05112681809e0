import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { DEMO_TENANT_ID, findDemoAccount } from './accounts.ts';
import { loginPage } from './login-page.ts';

export interface DevIdpOptions {
  /** Loopback port; 0 picks a free one. */
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface DevIdp {
  issuer: string;
  close(): Promise<void>;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 4096) break;
  }
  return new URLSearchParams(body);
}

/**
 * The embedded development identity provider: oidc-provider (a certified OpenID Provider) on a
 * loopback port, with demo accounts and a small sign-in form. Its ID tokens look like Entra ID's:
 * `roles`, `tid`, `preferred_username`, `name`. It is never started in production (config refuses).
 */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'dev-idp', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'roles', 'tid', 'oid'] },
    // Put the profile claims into the ID token, as Entra ID does with app roles.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        // No "are you sure?" step: the portal's Logout button already asked.
        logoutSource: async (ctx, form) => {
          ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title></head><body>${form}<p>Signing out…</p><script>var f=document.forms[0];var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();</script></body></html>`;
        },
      },
    },
    findAccount: async (_ctx, id) => {
      const account = findDemoAccount(id);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: async () => ({
          sub: account.sub,
          oid: account.sub,
          tid: DEMO_TENANT_ID,
          name: account.name,
          preferred_username: account.username,
          roles: [...account.roles],
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      Session: 8 * 3600,
      Interaction: 600,
      Grant: 8 * 3600,
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 600,
    },
  };
  const provider = new Provider(issuer, configuration);

  // Its sign-in and logout pages are never framed (clickjacking a password-less sign-in).
  provider.use(async (ctx, next) => {
    await next();
    ctx.set('x-frame-options', 'DENY');
    ctx.set('content-security-policy', "frame-ancestors 'none'");
  });

  provider.use(async (ctx: KoaContextWithOIDC, next) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const clientId = String(details.params.client_id);
    const finish = async (accountId: string) => {
      const grant = new provider.Grant({ accountId, clientId });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    };
    // Already signed in at the provider: a consent prompt is granted at once (demo accounts only).
    if (details.prompt.name === 'consent' && details.session?.accountId) return finish(details.session.accountId);
    if (ctx.method === 'POST' && match[2]) {
      const account = findDemoAccount((await formBody(ctx.req)).get('username') ?? '');
      if (account) return finish(account.sub);
      ctx.type = 'html';
      ctx.status = 400;
      ctx.body = loginPage(details.uid, 'There is no demo account with that user name.');
      return;
    }
    ctx.type = 'html';
    ctx.body = loginPage(details.uid);
  });

  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
