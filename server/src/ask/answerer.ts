import type { AskAnswer, AskEvent, AskRequest, Passage } from './contract.ts';
import { extractiveAnswer } from './extractive.ts';

/**
 * The seam between retrieval and the answer: an answerer turns the passages the reader may read
 * into answer text and citations, as a stream. The extractive answerer needs nothing but the
 * passages and is the default; a model answerer plugs in here, with the extractive one behind it
 * (`withFallback`) for when the model is away, slow or says nothing.
 */
export interface Answerer {
  /**
   * Events for one question: `delta`s, then one `done` with the citations, whose numbers the
   * deltas' `[n]` markers use. Stops early when `signal` aborts (the reader went away).
   */
  answer(request: AskRequest, passages: readonly Passage[], signal: AbortSignal): AsyncIterable<AskEvent>;
}

/** Characters per streamed delta: a line's worth, so that a reader sees the answer arrive. */
const CHUNK = 80;

/** An answer's text in chunks cut after a space (never inside a citation marker or an escape). */
export function* chunks(text: string, size = CHUNK): Generator<string> {
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > at) end = space + 1;
    }
    yield text.slice(at, end);
    at = end;
  }
}

/** A complete answer as the stream of events the route sends. */
export async function* eventsOf(answer: AskAnswer, signal?: AbortSignal): AsyncGenerator<AskEvent> {
  for (const text of chunks(answer.answer)) {
    if (signal?.aborted) return;
    yield { type: 'delta', text };
  }
  yield { type: 'done', citations: answer.citations, mode: answer.mode };
}

export const extractiveAnswerer: Answerer = {
  answer: (request, passages, signal) =>
    eventsOf(extractiveAnswer(request.question, passages, request.history), signal),
};

/**
 * `primary`, and when it fails before its first event, `fallback` instead: a reader gets the
 * extractive answer rather than an error when the model cannot be reached. Once the primary has
 * sent text, a failure is the primary's to report (text cannot be taken back from a stream).
 */
export function withFallback(primary: Answerer, fallback: Answerer = extractiveAnswerer): Answerer {
  return {
    async *answer(request, passages, signal) {
      let started = false;
      try {
        for await (const event of primary.answer(request, passages, signal)) {
          started = true;
          yield event;
        }
        return;
      } catch (error) {
        if (started || signal.aborted) throw error;
      }
      yield* fallback.answer(request, passages, signal);
    },
  };
}

/** All of an answerer's events as one answer (the JSON response). */
export async function collect(events: AsyncIterable<AskEvent>): Promise<AskAnswer> {
  let text = '';
  for await (const event of events) {
    if (event.type === 'delta') text += event.text;
    else return { answer: text, citations: event.citations, mode: event.mode };
  }
  throw new Error('the answerer ended without a done event');
}
