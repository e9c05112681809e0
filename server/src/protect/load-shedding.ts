import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/**
 * Sheds load with 503 + Retry-After before readers notice a slow portal (`@fastify/under-pressure`):
 * when the event loop lags more than this, or is busy nearly all the time, new requests are
 * refused at once instead of queueing behind the backlog. Search ranks in worker threads, so
 * this guards the loop against everything else (many page reads, TLS, a slow disk).
 * `/healthz` opts out (route config `pressureHandler`): liveness must not fail under load.
 */
export const SHED_LIMITS = { maxEventLoopDelay: 200, maxEventLoopUtilization: 0.98 } as const;

export async function loadShedding(app: FastifyInstance): Promise<void> {
  await app.register(underPressure, {
    ...SHED_LIMITS,
    retryAfter: 2,
    pressureHandler: (request, reply, type) => {
      request.log.warn({ type }, 'load shed: the event loop is saturated');
      app.metrics.shed.inc({ reason: type });
      // As the plugin's README does: send here; the request then goes no further.
      void reply
        .code(503)
        .header('retry-after', '2')
        .header('cache-control', 'no-store')
        .send({ error: 'GATE_ERR_BUSY', message: 'The portal is busy. Try again in a moment.' });
    },
  });
}
