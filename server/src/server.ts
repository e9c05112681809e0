import { loadConfig } from './config.ts';
import { ConfigError, RecordsError } from './errors.ts';
import { startTracing } from './ops/tracing.ts';

/**
 * Starts the gate: `node server/src/server.ts`, the TypeScript as it is (Node's type stripping; no
 * loader, no build step: docs/decisions/gate-production-install.md). Configuration: docs/operations.md.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // Tracing first, then the app: its instrumentations patch fastify's HTTP server and ioredis as
  // they are imported, so app.ts and what it imports load after (docs/decisions/tracing.md).
  const tracing = await startTracing(config.tracing);
  const [{ default: closeWithGrace }, { buildApp }, { DEMO_ACCOUNTS }, { serveMetrics }] = await Promise.all([
    import('close-with-grace'),
    import('./app.ts'),
    import('./dev-idp/accounts.ts'),
    import('./ops/metrics.ts'),
  ]);
  const app = await buildApp({ config, tracing });
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish (Fastify answers 503 to new ones
  // on open connections, which a load balancer retries elsewhere), then exit; bounded.
  closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down: draining in-flight requests');
    await app.close();
    await tracing?.shutdown();
  });
  // Hooks cannot be added once the app listens: the metrics server and its closing come first.
  if (config.metricsPort !== null) {
    const metrics = await serveMetrics(app.metrics, config.host, config.metricsPort);
    app.addHook('onClose', () => new Promise<void>((resolve) => metrics.close(() => resolve())));
    app.log.info({ port: config.metricsPort }, 'Prometheus metrics at /metrics');
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
  // What a deployer can fix gets one line; anything else is a bug and keeps its stack.
  if (error instanceof ConfigError || error instanceof RecordsError) {
    console.error(`tala-docs: ${error.message}`);
  } else {
    console.error('tala-docs: the server could not start:', error);
  }
  process.exit(1);
});
