import type { IncomingMessage } from 'node:http';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { classOf, type RouteClass } from './metrics.ts';
import { PrivateSpans, ROUTE_CLASS } from './span-privacy.ts';
import type { Tracing, TracingSettings } from './tracing.ts';

/**
 * The OpenTelemetry SDK, imported by tracing.ts only when tracing is on. The trace SDK, not
 * @opentelemetry/sdk-node: that one also brings the gRPC, metrics, logs, Zipkin and Prometheus
 * exporters (docs/decisions/tracing.md); the few lines it would spare are the sampler below.
 */

/** OTEL_TRACES_SAMPLER as the SDK reads it (its `traceidratio` ratio: OTEL_TRACES_SAMPLER_ARG). */
export function samplerOf({ sampler, samplerRatio }: TracingSettings): Sampler {
  const root = sampler.endsWith('always_off')
    ? new AlwaysOffSampler()
    : sampler.endsWith('traceidratio')
      ? new TraceIdRatioBasedSampler(samplerRatio)
      : new AlwaysOnSampler();
  return sampler.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** Probes and scrapes, every few seconds per replica: they would be most of the traces. */
const UNTRACED = new Set(['/healthz', '/readyz', '/metrics']);

export function startSdk(settings: TracingSettings): Tracing {
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': settings.serviceName })),
    sampler: samplerOf(settings),
    // OTEL_EXPORTER_OTLP_HEADERS and the exporter's other variables are read by the exporter itself.
    spanProcessors: [
      new PrivateSpans(new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: settings.tracesUrl }) })),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // W3C traceparent: an incoming one continues the caller's trace.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);

  // The HTTP span ends when the response is written, after the route has said what it served.
  const classes = new WeakMap<IncomingMessage, RouteClass>();
  const fastifyOtel = new FastifyOtelInstrumentation({
    ignorePaths: (route: { url?: string }) => UNTRACED.has(route.url ?? ''),
  });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.has((request.url ?? '').split('?')[0] ?? ''),
        applyCustomAttributesOnSpan: (span, request) => {
          const routeClass = classes.get(request as IncomingMessage);
          if (routeClass) span.setAttribute(ROUTE_CLASS, routeClass);
        },
      }),
      new IORedisInstrumentation(),
      fastifyOtel,
    ],
  });

  const plugin = fp(
    async (app: FastifyInstance) => {
      await app.register(fastifyOtel.plugin());
      // onSend: the last hook before the response is written, after the gate set the class.
      app.addHook('onSend', async (request) => {
        const routeClass = classOf(request);
        classes.set(request.raw, routeClass);
        request.opentelemetry().span?.setAttribute(ROUTE_CLASS, routeClass);
      });
    },
    { name: 'tala-tracing' },
  );

  return {
    plugin,
    logFields() {
      const span = trace.getSpan(context.active());
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    forceFlush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
