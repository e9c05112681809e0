import { buildApp } from '@tala/server/src/app.ts';
import { loadConfig } from '@tala/server/src/config.ts';
import type { FastifyInstance } from 'fastify';

/**
 * The portal as the benches that load pages in a browser serve it: the real gate on loopback,
 * without sign-in (page weight and markup are measured, not the session) and without load shedding.
 */
export async function startLocalPortal(buildDir: string, port = 0): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildApp({
    config: loadConfig({
      BUILD_DIR: buildDir,
      SKIP_AUTHENTICATION: 'true',
      LOG_LEVEL: 'silent',
      SHED_EVENT_LOOP_DELAY_MS: '0',
    }),
    logger: false,
  });
  const origin = await app.listen({ host: '127.0.0.1', port });
  return { app, origin };
}
