/**
 * The client of `POST {prefix}/api/ask` (server/src/ask/contract.ts): asks for the streamed answer
 * (`Accept: text/event-stream`), reads it with fetch and a ReadableStream (EventSource cannot POST),
 * and hands each piece of text to `onDelta` as it arrives. A gate that answers with JSON instead is
 * understood too. Failures become an AskError whose kind the panel turns into a sentence.
 * Framework-free, so that node:test runs it against recorded bodies.
 */
import type { AskAnswer, AskEvent, Citation, Turn } from '../../../server/src/ask/contract';

export type { AskAnswer, Citation, Turn };

export type AskFailure = 'rate-limited' | 'unavailable' | 'signed-out' | 'network' | 'failed';

/**
 * A failed ask: an Error with the failure's kind (not a subclass: the site's only Error subclass
 * is the build's BuildError, plugins/__tests__/build-errors.test.ts).
 */
export type AskError = Error & {
  readonly kind: AskFailure;
  /** Seconds to wait, when the gate said (Retry-After). */
  readonly retryAfter: number | null;
};

export function askError(kind: AskFailure, retryAfter: number | null = null): AskError {
  return Object.assign(new Error(`Ask failed: ${kind}`), { name: 'AskError', kind, retryAfter });
}

export function isAskError(error: unknown): error is AskError {
  return error instanceof Error && error.name === 'AskError' && 'kind' in error;
}

/**
 * A parser of server-sent events (the WHATWG format: `data:` lines, a blank line ends an event,
 * `:` starts a comment), fed text as it arrives, split anywhere. Calls `onData` with each event's data.
 */
export function sseParser(onData: (data: string) => void): (text: string) => void {
  let buffer = '';
  let data: string[] = [];
  return (text) => {
    buffer += text;
    for (let end = buffer.search(/\r\n|\r|\n/); end >= 0; end = buffer.search(/\r\n|\r|\n/)) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) onData(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      // Other fields (event:, id:, retry:) and comments carry nothing the panel needs: the data says its type.
    }
  };
}

export interface AskOptions {
  /** `{pagesPrefix}/api/ask`. */
  url: string;
  question: string;
  history: readonly Turn[];
  onDelta: (text: string) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

function failure(response: Response): AskError {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
  if (response.status === 429) return askError('rate-limited', retryAfter);
  if (response.status === 503) return askError('unavailable', retryAfter);
  if (response.status === 401 || response.status === 403) return askError('signed-out');
  return askError('failed');
}

/** Asks, streams the answer into `onDelta`, and resolves with the whole answer and its citations. */
export async function askTheDocs({
  url,
  question,
  history,
  onDelta,
  signal,
  fetchImpl = fetch,
}: AskOptions): Promise<AskAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ question, history }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw askError('network');
  }
  if (!response.ok) throw failure(response);
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const answer = (await response.json()) as AskAnswer;
    onDelta(answer.answer);
    return answer;
  }
  if (!response.body) throw askError('failed');

  let text = '';
  let done: Extract<AskEvent, { type: 'done' }> | null = null;
  let streamFailure: AskFailure | null = null;
  const feed = sseParser((data) => {
    let event: AskEvent | { type?: unknown };
    try {
      event = JSON.parse(data) as AskEvent;
    } catch {
      streamFailure = 'failed';
      return;
    }
    if (event.type === 'delta' && typeof (event as { text?: unknown }).text === 'string') {
      const delta = (event as { text: string }).text;
      text += delta;
      onDelta(delta);
    } else if (event.type === 'done') done = event as Extract<AskEvent, { type: 'done' }>;
    else {
      // The route's failure after the headers went out: `{type: 'error', error: <catalogue code>}`.
      const code = (event as { error?: unknown }).error;
      streamFailure =
        code === 'GATE_ERR_RATE_LIMITED'
          ? 'rate-limited'
          : code === 'GATE_ERR_BUSY' || code === 'GATE_ERR_SEARCH_BUSY' || code === 'GATE_ERR_SEARCH_UNAVAILABLE'
            ? 'unavailable'
            : 'failed';
    }
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      feed(decoder.decode(value, { stream: true }));
    }
    feed(`${decoder.decode()}\n\n`);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw askError('network');
  }
  const finished = done as Extract<AskEvent, { type: 'done' }> | null;
  if (streamFailure !== null) throw askError(streamFailure);
  // A stream that ends without its `done` event was cut (a proxy's timeout, a restarted gate).
  if (finished === null) throw askError('network');
  return { answer: text, citations: finished.citations ?? [], mode: finished.mode };
}

/** The sentence a reader sees for a failure, and whether retrying can help. */
export function failureMessage(error: unknown): string {
  const kind = isAskError(error) ? error.kind : 'failed';
  switch (kind) {
    case 'rate-limited':
      return `You asked many questions in a short time. Wait ${
        isAskError(error) && error.retryAfter ? `${error.retryAfter} seconds` : 'a minute'
      }, then retry.`;
    case 'unavailable':
      return 'Ask the docs is not available right now. Retry in a moment, or use the search results.';
    case 'signed-out':
      return 'Your session has ended. Reload the page to sign in again, then ask again.';
    case 'network':
      return 'The portal could not be reached. Check your connection, then retry.';
    default:
      return 'Something went wrong while answering. Retry, or use the search results.';
  }
}
