import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSameOriginPost } from '../auth/logout-form.ts';
import { badRequest, crossSite, unauthenticated } from '../errors.ts';
import { readerKey } from '../protect/rate-limits.ts';

/**
 * The writers' loop, beside the search click beacon (analytics.ts) and written the same way: what
 * readers thought of an answer of "Ask the docs" or of a page, one structured log line each, with
 * no reader, session, address or request id (the root logger has no request bindings).
 * `npm run search:report` (analytics-report.ts) turns the lines into sections for docs writers.
 *
 * The asked questions the docs did not answer (no citations) arrive here as well, as the verdict
 * 'unanswered' the Ask panel sends once per such answer: the route of `POST /api/ask` does not log
 * them, so each is logged exactly once.
 */
export const ASK_FEEDBACK_EVENT = 'ask feedback';
export const PAGE_FEEDBACK_EVENT = 'page feedback';

/** The longest question and reason kept: enough for a sentence or two, bounded for the log. */
export const MAX_QUESTION_LENGTH = 500;
export const MAX_REASON_LENGTH = 500;
const MAX_PAGE_LENGTH = 512;

export type AskVerdict = 'up' | 'down' | 'unanswered';

export interface AskFeedbackEvent {
  question: string;
  verdict: AskVerdict;
  reason?: string;
}

export interface PageFeedbackEvent {
  page: string;
  helpful: boolean;
  reason?: string;
}

/** How questions are compared in the report: NFKC, lower case, single spaces, bounded. */
export function normaliseQuestion(question: string): string {
  return question.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_QUESTION_LENGTH);
}

/** A reason on one line (a log line each), without control characters; '' when there is none. */
export function normaliseReason(reason: string | undefined): string {
  return (reason ?? '')
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
    .trim()
    .slice(0, MAX_REASON_LENGTH);
}

/**
 * The page a reader rated, as its path: the query and fragment go (a search's `?q=` could hold
 * what a reader typed), and so does a trailing "index.html"; a path has to start with one slash.
 */
export function normalisePage(page: string): string | null {
  const path = page.split(/[?#]/)[0]?.replace(/\/index\.html$/, '/') ?? '';
  return /^\/(?!\/)[^\s]*$/.test(path) ? path.slice(0, MAX_PAGE_LENGTH) : null;
}

const reasonSchema = { type: 'string', maxLength: 2000 } as const;

/** Both beacons: signed-in readers on the portal's own pages, a small body, a budget per reader. */
function beaconOptions(publicUrl: string, body: object) {
  return {
    bodyLimit: 4096,
    schema: { body },
    config: { rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: readerKey } },
    preValidation: async (request: FastifyRequest) => {
      if (request.identity === null) throw unauthenticated();
      // A page of another site could otherwise post feedback with the reader's cookie.
      if (!isSameOriginPost(request, publicUrl)) throw crossSite('Feedback');
    },
  };
}

/**
 * `POST /api/ask-feedback` `{question, verdict: 'up'|'down'|'unanswered', reason?}` and
 * `POST /api/page-feedback` `{page, helpful, reason?}`: answered 204 with nothing to read.
 */
export async function feedbackRoutes(fastify: FastifyInstance, { publicUrl }: { publicUrl: string }): Promise<void> {
  fastify.post(
    '/api/ask-feedback',
    beaconOptions(publicUrl, {
      type: 'object',
      additionalProperties: false,
      required: ['question', 'verdict'],
      properties: {
        question: { type: 'string', minLength: 1, maxLength: 2000 },
        verdict: { type: 'string', enum: ['up', 'down', 'unanswered'] },
        reason: reasonSchema,
      },
    }),
    async (request, reply) => {
      const body = request.body as AskFeedbackEvent;
      const question = normaliseQuestion(body.question);
      if (question !== '') {
        const reason = body.verdict === 'unanswered' ? '' : normaliseReason(body.reason);
        const askFeedback: AskFeedbackEvent = { question, verdict: body.verdict, ...(reason ? { reason } : {}) };
        fastify.log.info({ askFeedback }, ASK_FEEDBACK_EVENT);
      }
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );

  fastify.post(
    '/api/page-feedback',
    beaconOptions(publicUrl, {
      type: 'object',
      additionalProperties: false,
      required: ['page', 'helpful'],
      properties: {
        page: { type: 'string', minLength: 1, maxLength: 2048 },
        helpful: { type: 'boolean' },
        reason: reasonSchema,
      },
    }),
    async (request, reply) => {
      const body = request.body as PageFeedbackEvent;
      const page = normalisePage(body.page);
      if (page === null) throw badRequest('page: a path of the portal, such as /studio/build/flows/');
      const reason = normaliseReason(body.reason);
      const pageFeedback: PageFeedbackEvent = { page, helpful: body.helpful, ...(reason ? { reason } : {}) };
      fastify.log.info({ pageFeedback }, PAGE_FEEDBACK_EVENT);
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}
