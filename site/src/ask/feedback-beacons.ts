/**
 * The writers' loop beacons (server/src/search/feedback.ts), sent like the search click beacon: a
 * keepalive POST, so that leaving the page does not cancel it, and never an error for the reader.
 * They carry what was rated and the reader's optional reason, nothing about the reader.
 */
import { type Beacon, keepalivePost } from '../search/click-beacon';

export type AskVerdict = 'up' | 'down' | 'unanswered';

export function sendAskFeedback(
  pagesPrefix: string,
  feedback: { question: string; verdict: AskVerdict; reason?: string },
  send: Beacon = keepalivePost,
): void {
  const reason = feedback.reason?.trim();
  send(
    `${pagesPrefix}/api/ask-feedback`,
    JSON.stringify({ question: feedback.question, verdict: feedback.verdict, ...(reason ? { reason } : {}) }),
  );
}

export function sendPageFeedback(
  pagesPrefix: string,
  feedback: { page: string; helpful: boolean; reason?: string },
  send: Beacon = keepalivePost,
): void {
  const reason = feedback.reason?.trim();
  send(
    `${pagesPrefix}/api/page-feedback`,
    JSON.stringify({ page: feedback.page, helpful: feedback.helpful, ...(reason ? { reason } : {}) }),
  );
}
