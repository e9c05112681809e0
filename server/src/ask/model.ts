import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../ops/metrics.ts';
import { type Answerer, extractiveAnswerer } from './answerer.ts';
import type { AskEvent, Citation, Passage } from './contract.ts';
import { Breaker } from './model-breaker.ts';
import { type ChatModel, type OpenOptions, openChatModel } from './model-client.ts';
import { promptMessages } from './model-prompt.ts';
import type { ModelSettings } from './model-settings.ts';
import { SanitisedStream } from './model-stream.ts';

export interface ModelAnswererOptions {
  readonly settings: ModelSettings;
  readonly chat: ChatModel;
  /** The portal's origin: links to it are kept, made site-relative. */
  readonly publicUrl: string;
  /** Every failure, timeout or open breaker answers with it (default: the extractive answerer). */
  readonly fallback?: Answerer;
  readonly log: FastifyBaseLogger;
  /** The breaker's clock (tests move it instead of sleeping). */
  readonly now?: () => number;
  /** Counts each question's outcome (the gate's Prometheus metrics). */
  readonly count?: (outcome: Outcome, reason: string) => void;
}

export type Outcome = 'answered' | 'cut' | 'fallback' | 'skipped';

/** Shown after a model answer cut by the time or length limit: the reader knows it is incomplete. */
export const CUT_NOTE = '_The answer was cut short._';
/** A guard beside the server's own token cap, for servers that ignore it: ~8 characters a token. */
const CHARS_PER_TOKEN = 8;

const citationOf = ({ url, title, section }: Passage): Citation => ({ url, title, section });

/**
 * Why a model answer failed, for the log: a kind and the HTTP status, never the error's message
 * (a server may echo the request, passages included) and never a stack.
 */
function failureOf(error: unknown): { reason: string; status?: number } {
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  return typeof status === 'number'
    ? { reason: 'http', status }
    : { reason: typeof name === 'string' ? name : 'unknown' };
}

/**
 * Answers with the model: the prompt holds only the reader's question, the bounded history and the
 * passages retrieved for this reader (model-prompt.ts); the answer is sanitised block by block
 * (model-stream.ts). Until its first block is sent, any failure (no connection, an HTTP error, no
 * first token in time, an empty answer) gives the extractive answer instead, and so does an open
 * breaker. After that, the answer is cut where it stands, with a note, since sent text cannot be
 * taken back; the reader never sees the model's error.
 */
export function modelAnswerer(options: ModelAnswererOptions): Answerer {
  const { settings, chat, publicUrl, fallback = extractiveAnswerer, log, count = () => {} } = options;
  const breaker = new Breaker(settings.breakerFailures, settings.coolDownMs, options.now);
  const maxChars = settings.maxTokens * CHARS_PER_TOKEN;

  return {
    async *answer(request, passages, signal) {
      // Nothing retrieved: nothing the model may answer from; the extractive answer says so.
      if (passages.length === 0) return yield* fallback.answer(request, passages, signal);
      if (!breaker.allows()) {
        count('skipped', '');
        log.debug({ model: chat.describe }, 'model skipped while its breaker is open');
        return yield* fallback.answer(request, passages, signal);
      }
      const started = performance.now();
      const controller = new AbortController();
      let stopped: string | null = null;
      const stop = (reason: string) => () => {
        stopped ??= reason;
        controller.abort();
      };
      const onReaderGone = stop('reader gone');
      signal.addEventListener('abort', onReaderGone, { once: true });
      const firstToken = setTimeout(stop('first-token timeout'), settings.firstTokenTimeoutMs);
      const total = setTimeout(stop('timeout'), settings.timeoutMs);
      const out = new SanitisedStream(publicUrl, passages.length);
      let sent = false;
      let failure: { reason: string; status?: number } | null = null;
      let chars = 0;
      try {
        for await (const delta of chat.stream(promptMessages(request, passages), controller.signal)) {
          clearTimeout(firstToken);
          chars += delta.length;
          const text = out.push(delta);
          if (text) {
            sent = true;
            yield { type: 'delta', text } satisfies AskEvent;
          }
          if (chars > maxChars) {
            stopped = 'length';
            break;
          }
        }
      } catch (error) {
        failure = stopped === null ? failureOf(error) : { reason: stopped };
      } finally {
        clearTimeout(firstToken);
        clearTimeout(total);
        signal.removeEventListener('abort', onReaderGone);
      }
      // The client library ends an aborted stream quietly, as if the model had finished.
      if (failure === null && stopped !== null && stopped !== 'length') failure = { reason: stopped };
      if (signal.aborted) return;
      // What arrived of the last block is sent too when the model stopped midway (sanitised like the
      // rest); before any block was sent, a failure gives the extractive answer instead.
      const rest = failure === null || sent ? out.end() : '';
      if (rest) {
        sent = true;
        yield { type: 'delta', text: rest } satisfies AskEvent;
      }
      if (!sent) failure ??= { reason: 'empty answer' };
      const ms = Math.round(performance.now() - started);
      if (failure === null) breaker.succeeded();
      else {
        const opened = breaker.failed();
        log.warn(
          { model: chat.describe, ...failure, ms, failures: breaker.failures, breakerOpened: opened, sent },
          sent ? 'model answer failed midway; cut' : 'model answer failed; extractive answer instead',
        );
      }
      if (!sent) {
        count('fallback', failure?.reason ?? '');
        return yield* fallback.answer(request, passages, signal);
      }
      const cut = failure?.reason ?? (stopped === 'length' ? 'length' : null);
      count(cut === null ? 'answered' : 'cut', cut ?? '');
      if (cut !== null) yield { type: 'delta', text: `\n\n${CUT_NOTE}` } satisfies AskEvent;
      yield {
        type: 'done',
        citations: out.citations.order().map((i) => citationOf(passages[i] as Passage)),
        mode: 'model',
      } satisfies AskEvent;
    },
  };
}

/** The configured model's answerer (app.ts imports this module only when a model is configured). */
export async function openModelAnswerer(
  settings: ModelSettings,
  publicUrl: string,
  app: { log: FastifyBaseLogger; metrics: Metrics },
  options: OpenOptions = {},
): Promise<Answerer> {
  const { log, metrics } = app;
  const chat = await openChatModel(settings, options);
  log.info({ model: chat.describe }, 'Ask the docs answers with a model, the extractive answer behind it');
  const count = (outcome: Outcome, reason: string) => metrics.askModel.inc({ outcome, reason });
  return modelAnswerer({ settings, chat, publicUrl, log, count });
}
