import { Citations, lastBlockStart, sanitiseMarkdown } from './model-markdown.ts';

/**
 * The model's streamed Markdown, sanitised as it arrives, one top-level block at a time.
 *
 * Why blocks, not deltas or lines: a delta may end inside a link (`[guide](https://ev`), a tag or a
 * code fence, and a line inside a paragraph or a list is not final either (its link may continue on
 * the next line, a fence changes every line after it). Sanitising a part would send text that the
 * rest turns into a link or a tag, and sent text cannot be taken back. A top-level block is final
 * once the next one begins (CommonMark; reference definitions, the one exception, are never
 * honoured: model-markdown.ts), so each block is parsed, sanitised and sent whole. A reader sees
 * the answer arrive paragraph by paragraph; the first block also decides the fallback: a model that
 * fails before finishing it is replaced by the extractive answer, unseen.
 */
export class SanitisedStream {
  readonly citations: Citations;
  readonly #publicUrl: string;
  #pending = '';
  #sent = false;

  constructor(publicUrl: string, passages: number) {
    this.#publicUrl = publicUrl;
    this.citations = new Citations(passages);
  }

  /** Takes a delta; returns the Markdown now final ('' while the current block goes on). */
  push(delta: string): string {
    this.#pending += delta;
    // A new block can only begin on a new line: no parse while the current block is one line.
    if (!this.#pending.includes('\n')) return '';
    const cut = lastBlockStart(this.#pending);
    if (cut === 0) return '';
    const final = this.#pending.slice(0, cut);
    this.#pending = this.#pending.slice(cut);
    return this.#emit(final);
  }

  /** The last block, when the model has finished. */
  end(): string {
    const rest = this.#pending;
    this.#pending = '';
    return rest.trim() === '' ? '' : this.#emit(rest);
  }

  #emit(markdown: string): string {
    const text = sanitiseMarkdown(markdown, this.#publicUrl, this.citations);
    if (text === '') return '';
    const out = this.#sent ? `\n\n${text}` : text;
    this.#sent = true;
    return out;
  }
}
