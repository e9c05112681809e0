import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessDecision } from '../access/open.ts';
import { isSameOriginPost } from '../auth/logout-form.ts';
import type { GateConfig } from '../config.ts';
import { badRequest, crossSite, GateError, internal, searchUnavailable, unauthenticated } from '../errors.ts';
import { addressBudget, readerKey } from '../protect/rate-limits.ts';
import type { Searcher } from '../search/searcher.ts';
import { type Answerer, collect, extractiveAnswerer } from './answerer.ts';
import type { AskEvent, AskRequest, Passage, Turn } from './contract.ts';

/**
 * `POST /api/ask` ("Ask the docs"): a signed-in reader's question answered from the sections that
 * reader may read, with citations. Retrieval asks the search workers with the reader's levels
 * (the access decision's, as search and the MCP tools do); the answerer (answerer.ts) never sees
 * anything else. JSON by default; `Accept: text/event-stream` streams `delta` events, then `done`.
 */

export const MAX_QUESTION_CHARS = 500;
export const MAX_TURNS = 6;
export const MAX_TURN_CHARS = 2000;
/** Passages handed to the answerer: the extractive answer quotes from the first few, a model reads them all. */
export const PASSAGES = 8;
/** The largest valid body (six turns of 2 × 2,000 characters, escaped) with room to spare. */
const BODY_LIMIT = 128 * 1024;

export interface AskRouteOptions {
  config: GateConfig;
  searcher: Searcher | null;
  access: AccessDecision;
  /** Who writes the answer; the extractive answerer when absent. */
  answerer?: Answerer;
}

const text = (value: unknown, max: number, min = 0): value is string =>
  typeof value === 'string' && value.trim().length >= min && value.length <= max;

/** The body, checked: each refusal names the field, so a client can tell what to fix. */
export function parseAskRequest(body: unknown): AskRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The body must be a JSON object with a "question".');
  }
  const { question, history = [] } = body as { question?: unknown; history?: unknown };
  if (!text(question, MAX_QUESTION_CHARS, 1)) {
    throw badRequest(`question must be text of 1 to ${MAX_QUESTION_CHARS} characters.`);
  }
  if (!Array.isArray(history) || history.length > MAX_TURNS) {
    throw badRequest(`history must be a list of at most ${MAX_TURNS} turns.`);
  }
  const turns: Turn[] = history.map((turn: unknown, i) => {
    const { question: q, answer: a } = (turn ?? {}) as { question?: unknown; answer?: unknown };
    if (!text(q, MAX_TURN_CHARS)) throw badRequest(`history[${i}].question must be text of at most 2,000 characters.`);
    if (!text(a, MAX_TURN_CHARS)) throw badRequest(`history[${i}].answer must be text of at most 2,000 characters.`);
    return { question: q, answer: a };
  });
  return { question: question.trim(), history: turns };
}

/**
 * Server-sent events: one per answerer event, its JSON as data. `error` is the wire's own event,
 * beside contract.ts's AskEvent (which answerers yield): a failure after the headers went out.
 */
const sse = (event: AskEvent | { type: 'error'; error: string; message: string }) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

const wantsStream = (request: FastifyRequest) => /\btext\/event-stream\b/.test(request.headers.accept ?? '');

export async function askRoutes(fastify: FastifyInstance, opts: AskRouteOptions): Promise<void> {
  const { config, searcher, access, answerer = extractiveAnswerer } = opts;
  const chargeAddress = addressBudget(fastify, () => ({ kind: 'ask', perReader: config.askPerMinute }));

  fastify.post('/api/ask', {
    bodyLimit: BODY_LIMIT,
    // Who may ask, from where, and a checked body, before the question counts against a budget.
    preHandler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (request.identity === null) throw unauthenticated('Sign in to ask the Tala documentation.');
      // A page of another site must not spend a reader's budget, or read answers through their cookie.
      if (!isSameOriginPost(request, config.publicUrl)) throw crossSite('A question');
      request.askRequest = parseAskRequest(request.body);
      if (!searcher) throw searchUnavailable();
      await chargeAddress(request, reply);
    },
    config: {
      rateLimit: {
        hook: 'preHandler',
        keyGenerator: (request) => `ask:${readerKey(request)}`,
        max: config.askPerMinute,
        timeWindow: 60_000,
      },
    },
    handler: async (request, reply) => {
      const started = performance.now();
      const asked = request.askRequest as AskRequest;
      const retrieved = await (searcher as Searcher).retrieve(
        {
          kind: 'ask',
          question: asked.question,
          history: asked.history,
          allowed: [...access.levels(request.identity)],
          limit: PASSAGES,
        },
        readerKey(request),
      );
      // Record URLs are the build's paths; the pages are served under PAGES_PREFIX.
      const passages: Passage[] = retrieved.map((p) => ({ ...p, url: `${config.pagesPrefix}${p.url}` }));
      const aborter = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborter.abort();
      });
      // The extractive answer runs here, on the event loop: it reads a few passages (p99 under 2 ms
      // on the real build); the ranking it starts from ran in a worker.
      const events = answerer.answer(asked, passages, aborter.signal);
      const log = (cited: number, mode: string) =>
        request.log.info(
          { passages: passages.length, cited, mode, ms: Math.round(performance.now() - started) },
          'question answered',
        );
      if (!wantsStream(request)) {
        const answer = await collect(events);
        log(answer.citations.length, answer.mode);
        return reply.type('application/json; charset=utf-8').send(answer);
      }
      async function* stream(): AsyncGenerator<string> {
        try {
          for await (const event of events) {
            if (event.type === 'done') log(event.citations.length, event.mode);
            yield sse(event);
          }
        } catch (error) {
          // Headers are sent: the failure goes down the stream, as the catalogue's code.
          const failure = error instanceof GateError ? error : internal(error);
          request.log.error({ err: error }, 'answer failed');
          yield sse({ type: 'error', error: failure.code, message: failure.message });
        }
      }
      reply.header('x-accel-buffering', 'no');
      return reply.type('text/event-stream; charset=utf-8').send(Readable.from(stream()));
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    askRequest?: AskRequest;
  }
}
