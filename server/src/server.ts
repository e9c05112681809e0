import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './dev-idp/accounts.ts';
import { ConfigError } from './errors.ts';

/** Starts the gate: `node --import tsx server/src/server.ts` (configuration: README.md). */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.host, port: config.port });
  if (config.skipAuthentication) app.log.warn('SKIP_AUTHENTICATION is on: every visitor reads as an on-prem reader');
  if (config.auth.mode === 'oidc' && config.auth.provider === 'embedded') {
    const accounts = DEMO_ACCOUNTS.map((a) => `    ${a.username.padEnd(22)} ${a.name}: ${a.description}`).join('\n');
    console.log(
      `\nTala Docs is running at ${config.publicUrl}/ with the embedded development identity provider.\nSign in with a demo account (no password):\n${accounts}\n`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`tala-docs: ${error.message}`);
  } else {
    console.error('tala-docs: the server could not start:', error);
  }
  process.exit(1);
});
