import type { FastifyInstance } from 'fastify';

/** One dependency a replica needs before a load balancer should send it readers. */
export type ReadinessCheck = () => Promise<boolean>;

/** A check that has not answered within this time counts as failed: /readyz itself must not hang. */
const CHECK_TIMEOUT_MS = 2000;

export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();

  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async report(): Promise<{ ready: boolean; checks: Record<string, boolean> }> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
        });
        const ok = await Promise.race([check().catch(() => false), timeout]);
        clearTimeout(timer);
        return [name, ok] as const;
      }),
    );
    return { ready: entries.every(([, ok]) => ok), checks: Object.fromEntries(entries) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

const noStore = { 'cache-control': 'no-store' };
/** Probes answer even when load shedding refuses other requests (see protect/load-shedding.ts). */
const probe = { config: { pressureHandler: () => undefined } };

/**
 * `/healthz`: the process is alive (restart it if not). `/readyz`: it can serve readers — the
 * manifest is loaded (or it would not have started), search is loaded, the identity provider's
 * discovery is reachable or cached, Redis answers when configured. While the gate shuts down,
 * Fastify answers 503 to both, so the load balancer moves on before connections close.
 */
export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get('/healthz', probe, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  fastify.get('/readyz', probe, async (_request, reply) => {
    const { ready, checks } = await fastify.readiness.report();
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
