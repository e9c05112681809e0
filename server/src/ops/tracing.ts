import type { FastifyPluginAsync } from 'fastify';
import type { GateEnvironment } from '../env.ts';

/**
 * OpenTelemetry traces, off unless an OTLP endpoint is configured. This module imports no
 * OpenTelemetry code: `startTracing` loads it (tracing-sdk.ts) only when tracing is on, and before
 * the app's modules, so the instrumentations see fastify's HTTP server and ioredis as they load
 * (server.ts; why: docs/decisions/tracing.md).
 */
export interface TracingSettings {
  /** Where spans go: OTLP over HTTP, protobuf. */
  readonly tracesUrl: string;
  readonly serviceName: string;
  readonly sampler: GateEnvironment['OTEL_TRACES_SAMPLER'];
  /** The ratio of the `traceidratio` samplers (OTEL_TRACES_SAMPLER_ARG, default 1). */
  readonly samplerRatio: number;
}

/** The SDK's rule: the traces endpoint as given, or the base endpoint with `v1/traces` appended. */
export function tracingSettings(vars: GateEnvironment): TracingSettings | null {
  const base = vars.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesUrl =
    vars.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (base === undefined ? undefined : new URL('v1/traces', base.endsWith('/') ? base : `${base}/`).href);
  if (tracesUrl === undefined) return null;
  return Object.freeze({
    tracesUrl,
    serviceName: vars.OTEL_SERVICE_NAME,
    sampler: vars.OTEL_TRACES_SAMPLER,
    samplerRatio: Number(vars.OTEL_TRACES_SAMPLER_ARG ?? '1'),
  });
}

/** What the app takes from a started tracer (app.ts). */
export interface Tracing {
  /** Registered before any route: spans for each request, its hooks and handler, with its route class. */
  readonly plugin: FastifyPluginAsync;
  /** `trace_id` and `span_id` of the active span (none outside a trace), for a request's log lines. */
  logFields(): { trace_id?: string; span_id?: string };
  /** Exports every ended span now (tests wait on it instead of sleeping). */
  forceFlush(): Promise<void>;
  /** Exports what is left, then stops (after the app has closed). */
  shutdown(): Promise<void>;
}

/** Starts tracing when `settings` say so; must run before app.ts (or fastify, ioredis) is imported. */
export async function startTracing(settings: TracingSettings | null): Promise<Tracing | null> {
  if (settings === null) return null;
  // ioredis is CommonJS imported from ES modules: require-in-the-middle, which instrumentations use,
  // never sees that import. import-in-the-middle's in-thread hooks (module.registerHooks) do; only
  // ioredis passes through them, every other module loads as it would without tracing.
  const { register } = await import('import-in-the-middle/register-hooks.mjs');
  register({ include: ['ioredis'] });
  const { startSdk } = await import('./tracing-sdk.ts');
  return startSdk(settings);
}
