/**
 * The contract of "Ask the docs" (`POST /api/ask`) between its parts: retrieval and the extractive
 * answer (no model), the model answer (an OpenAI-compatible server), the route, and the UI. Every
 * passage comes from records the asking reader may read (the access decision's levels), so nothing
 * built from passages — an answer, a citation, a prompt — can carry what the reader may not read.
 */
import type { AccessLevel } from '@tala/policy';

/** A section of a page, retrieved for a question from the reader's permitted search records. */
export interface Passage {
  /** Site-relative URL with the section's anchor: "/studio/deploy/#publish-a-solution". */
  readonly url: string;
  /** The page's title. */
  readonly title: string;
  /** The section's heading; null for the page's lead. */
  readonly section: string | null;
  /** The section's text as the records hold it (plain text; sentences, list items, table rows). */
  readonly text: string;
  readonly level: AccessLevel;
  /** Retrieval score, higher is better; passages come best first. */
  readonly score: number;
}

export interface Citation {
  readonly url: string;
  readonly title: string;
  readonly section: string | null;
}

/** One earlier turn of the thread, as the client sends it back (bounded by the route). */
export interface Turn {
  readonly question: string;
  readonly answer: string;
}

export interface AskRequest {
  readonly question: string;
  readonly history: readonly Turn[];
}

export interface AskAnswer {
  /** Markdown without raw HTML; links only to the portal's own pages. */
  readonly answer: string;
  /** Numbered in order: `[1]` in the answer is `citations[0]`. Empty when the docs do not answer. */
  readonly citations: readonly Citation[];
  readonly mode: 'extractive' | 'model';
}

/** Streaming (`Accept: text/event-stream`): `delta` events with answer text, then one `done`. */
export type AskEvent =
  | { readonly type: 'delta'; readonly text: string }
  | { readonly type: 'done'; readonly citations: readonly Citation[]; readonly mode: AskAnswer['mode'] };
