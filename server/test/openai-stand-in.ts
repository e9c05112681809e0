import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1 for tests, answering as the real API
 * does: `POST /v1/chat/completions` (OpenAI, Ollama, vLLM, llama.cpp) and Azure OpenAI's
 * `POST /openai/deployments/{deployment}/chat/completions?api-version=…`; with `stream: true` as
 * server-sent `chat.completion.chunk` events ending in `data: [DONE]`, without it one
 * `chat.completion`. Each test scripts its answers (`script`) and reads every request it got
 * (`requests`: path, query, headers, parsed body).
 */
export interface Scripted {
  /** The answer's text, one chunk per element when streaming. */
  readonly chunks?: readonly string[];
  /** An error status instead of an answer (with the API's error body). */
  readonly status?: number;
  /** Waits this long before the first chunk (or the whole answer). */
  readonly delayMs?: number;
  /** Waits this long between chunks. */
  readonly chunkDelayMs?: number;
  /** Never answers (the connection stays open until the client gives up or the stand-in closes). */
  readonly hang?: boolean;
  /** Sends the chunks, then neither finishes nor closes (a model stalled midway). */
  readonly stall?: boolean;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingMessage['headers'];
  readonly body: ChatBody;
}

export interface ChatBody {
  readonly model?: string;
  readonly stream?: boolean;
  readonly messages: readonly { role: string; content: string }[];
  readonly max_tokens?: number;
  readonly max_completion_tokens?: number;
}

export interface StandIn {
  /** `http://127.0.0.1:{port}`; OpenAI-compatible base URL: `${origin}/v1`. */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** How to answer each request (default: "I do not know from the documentation."). */
  script(answer: (body: ChatBody, request: RecordedRequest) => Scripted): void;
  close(): Promise<void>;
}

const PATHS = [/^\/v1\/chat\/completions$/, /^\/openai\/deployments\/[^/]+\/chat\/completions$/];

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const wait = (ms: number | undefined) =>
  ms ? new Promise<void>((resolve) => setTimeout(resolve, ms).unref()) : Promise.resolve();

export async function startStandIn(): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  let answer: (body: ChatBody, request: RecordedRequest) => Scripted = () => ({
    chunks: ['I do not know ', 'from the documentation.'],
  });
  const sockets = new Set<Socket>();
  let sequence = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method !== 'POST' || !PATHS.some((path) => path.test(url.pathname))) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(await bodyOf(req)) as ChatBody;
    const recorded: RecordedRequest = {
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    };
    requests.push(recorded);
    const scripted = answer(body, recorded);
    if (scripted.hang) return;
    await wait(scripted.delayMs);
    if (scripted.status) {
      const error = { error: { message: 'The stand-in refuses.', type: 'server_error', code: null } };
      res.writeHead(scripted.status, { 'content-type': 'application/json' }).end(JSON.stringify(error));
      return;
    }
    const id = `chatcmpl-${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'stand-in';
    const chunks = scripted.chunks ?? [];
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: chunks.join('') },
              finish_reason: 'stop',
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: chunks.length, total_tokens: 1 + chunks.length },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    res.write(event({ role: 'assistant', content: '' }, null));
    for (const [i, chunk] of chunks.entries()) {
      if (i > 0) await wait(scripted.chunkDelayMs);
      if (res.destroyed) return;
      res.write(event({ content: chunk }, null));
    }
    if (scripted.stall) return;
    res.write(event({}, 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => res.destroy(error));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    script(next) {
      answer = next;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
