import { createServer } from 'node:http';

/**
 * An OTLP/HTTP trace receiver on 127.0.0.1 for tests: it keeps each export's raw body (to search
 * for what must never leave) and decodes its spans with a small protobuf reader (the exporter's
 * packages encode but do not decode).
 */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  events: { name: string; attributes: Record<string, string | number | boolean> }[];
}

type Value = Buffer | bigint;

/** A protobuf message as field number → values (varints as bigint, everything else as bytes). */
function fieldsOf(buffer: Buffer): Map<number, Value[]> {
  const fields = new Map<number, Value[]>();
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buffer[at++] as number;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  const bytes = (length: number): Buffer => {
    at += length;
    return buffer.subarray(at - length, at);
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const wire = key & 7;
    const value = wire === 0 ? varint() : wire === 1 ? bytes(8) : wire === 2 ? bytes(Number(varint())) : bytes(4);
    fields.set(key >> 3, [...(fields.get(key >> 3) ?? []), value]);
  }
  return fields;
}

const all = (fields: Map<number, Value[]>, field: number): Buffer[] => (fields.get(field) ?? []) as Buffer[];
const one = (fields: Map<number, Value[]>, field: number): Buffer => all(fields, field)[0] ?? Buffer.alloc(0);

/** KeyValue { key = 1; AnyValue value = 2 }, AnyValue { string 1, bool 2, int 3, double 4, … }. */
function attributesOf(keyValues: Buffer[]): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  for (const keyValue of keyValues) {
    const fields = fieldsOf(keyValue);
    const value = fieldsOf(one(fields, 2));
    const [kind, [raw]] = [...value][0] ?? [0, [Buffer.alloc(0)]];
    attributes[one(fields, 1).toString()] =
      kind === 2
        ? raw !== 0n
        : kind === 3
          ? Number(raw)
          : kind === 4
            ? (raw as Buffer).readDoubleLE()
            : (raw as Buffer).toString();
  }
  return attributes;
}

/** ExportTraceServiceRequest → ResourceSpans (1) → ScopeSpans (2) → Span (2). */
function spansOf(body: Buffer): ReceivedSpan[] {
  return all(fieldsOf(body), 1).flatMap((resourceSpans) =>
    all(fieldsOf(resourceSpans), 2).flatMap((scopeSpans) =>
      all(fieldsOf(scopeSpans), 2).map((raw) => {
        const span = fieldsOf(raw);
        return {
          traceId: one(span, 1).toString('hex'),
          spanId: one(span, 2).toString('hex'),
          parentSpanId: one(span, 4).toString('hex'),
          name: one(span, 5).toString(),
          kind: Number(span.get(6)?.[0] ?? 0n),
          attributes: attributesOf(all(span, 9)),
          events: all(span, 11).map((event) => {
            const fields = fieldsOf(event);
            return { name: one(fields, 2).toString(), attributes: attributesOf(all(fields, 3)) };
          }),
        };
      }),
    ),
  );
}

export interface Receiver {
  /** Base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  url: string;
  bodies: Buffer[];
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const bodies: Buffer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(Buffer.concat(chunks));
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    spans: () => bodies.flatMap(spansOf),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
