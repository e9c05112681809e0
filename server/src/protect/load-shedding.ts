import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { busy } from '../errors.ts';

/**
 * Sheds load with 503 + Retry-After before readers notice a slow portal (`@fastify/under-pressure`):
 * when timers fire this much later than asked, on average (default 1 s: the loop is stalled, not
 * merely sharing a busy machine; 200 ms shed page loads in CI), requests queue,
 * new requests are refused at once instead of waiting behind the backlog. Search ranks in worker
 * threads, so this guards the loop against everything else (many page reads, TLS, a slow disk).
 * Not event-loop utilisation: a loop busy nearly all the time yet answering in milliseconds is
 * working, not overloaded (a leak-crawl test at full speed was shed at 98 %).
 * `/healthz` and `/readyz` opt out (route config `pressureHandler`): probes must not fail under load.
 */
export async function loadShedding(app: FastifyInstance, maxEventLoopDelayMs: number): Promise<void> {
  if (maxEventLoopDelayMs === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    // Re-read four times a second: a stall is noticed, and forgotten, within a quarter second.
    sampleInterval: 250,
    retryAfter: 2,
    pressureHandler: (request, reply, type) => {
      request.log.warn({ type }, 'load shed: the event loop is saturated');
      app.metrics.shed.inc({ reason: type });
      // As the plugin's README does: send here; the request then goes no further.
      const error = busy();
      void reply
        .code(error.statusCode)
        .header('retry-after', '2')
        .header('cache-control', 'no-store')
        .send({ error: error.code, message: error.message });
    },
  });
}
