import type { Attributes, Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';

/** The route class (metrics.ts) of the request a span belongs to. */
export const ROUTE_CLASS = 'tala.route.class';

/**
 * The only attributes a span may take out of the gate, the rule of the metrics: classes and route
 * patterns, never a path, a query, a header, a session, a Redis key or who the reader is. A list of
 * what may leave rather than of what may not: a new instrumentation version that adds `url.*`,
 * `http.target`, `db.query.text` (which would hold session keys) or `user.*` adds nothing here.
 */
const KEPT = new Set([
  ROUTE_CLASS,
  'http.request.method',
  'http.response.status_code',
  // A route pattern (`/*`, `/1/indexes/:indexName/queries`), from the code, not the request.
  'http.route',
  'network.protocol.version',
  'error.type',
  // @fastify/otel: which hook or handler a span times.
  'fastify.root',
  'fastify.type',
  'hook.name',
  'hook.callback.name',
  // ioredis: the command, never its arguments.
  'db.system',
  'db.system.name',
  'db.operation.name',
]);
/** An exception event keeps its type: its message and stack may quote a path or a query. */
const EVENT_KEPT = new Set(['exception.type']);

// SpanKind's values (@opentelemetry/api), not imported: this module loads no OpenTelemetry code.
const SERVER = 1;
const CLIENT = 2;

function pick(attributes: Attributes | undefined, kept: ReadonlySet<string>): Attributes {
  const picked: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) if (kept.has(key)) picked[key] = value;
  return picked;
}

/**
 * A request's span is named by method and route class (`GET page`), an outgoing request's by its
 * method: their instrumentations put the route or the URL in the name. Other spans are named by
 * the code (hooks, handlers, Redis commands).
 */
function nameOf(span: ReadableSpan): string {
  const method = String(span.attributes['http.request.method'] ?? 'HTTP');
  if (span.kind === SERVER) return `${method} ${String(span.attributes[ROUTE_CLASS] ?? 'other')}`;
  if (span.kind === CLIENT && span.attributes['http.request.method'] !== undefined) return method;
  return span.name;
}

/** What an exporter receives of `span`: timing, parentage, kind and the kept attributes. */
export function privateSpan(span: ReadableSpan): ReadableSpan {
  return {
    name: nameOf(span),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    // The status message is an error's text: only the code leaves.
    status: { code: span.status.code },
    attributes: pick(span.attributes, KEPT),
    links: span.links.map(({ context }) => ({ context })),
    events: span.events.map((event) => ({ ...event, attributes: pick(event.attributes, EVENT_KEPT) })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/**
 * The one place spans are made fit to leave: every ended span passes through `privateSpan` before
 * the export processor (batching, the exporter) sees it. Instrumentations keep their full
 * attributes while the span is open (the HTTP instrumentation needs the URL to name and sample).
 */
export class PrivateSpans implements SpanProcessor {
  readonly #next: SpanProcessor;

  constructor(next: SpanProcessor) {
    this.#next = next;
  }

  onStart(span: Span, parentContext: Context): void {
    this.#next.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    this.#next.onEnd(privateSpan(span));
  }

  forceFlush(): Promise<void> {
    return this.#next.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.#next.shutdown();
  }
}
