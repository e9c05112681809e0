import type { Passage } from './contract.ts';
import { stemsOf } from './sections.ts';

/**
 * What a passage can be quoted by: its lines (the build's records: a paragraph, a list item, a
 * table cell), a label joined to the line after it (a table row's cells, a term and its
 * definition), and long paragraphs a sentence at a time. Retrieval judges a section by its best
 * unit (the question's words together in one place, not scattered); the extractive answer quotes
 * units.
 */
export interface Unit {
  /** The passage's index among those quoted. */
  readonly passage: number;
  /** Its line in the passage, for document order. */
  readonly line: number;
  readonly text: string;
  readonly stems: ReadonlySet<string>;
}

/** A line this short without closing punctuation is a label (a table's first cell, a term): it heads what follows. */
const LABEL_WORDS = 6;
/** Paragraphs longer than this are quoted a sentence at a time: the one that answers, not its neighbours. */
const SPLIT_CHARS = 160;
/** A line this long after labels is a paragraph of its own, not a table row's last cell. */
const ROW_CHARS = 120;
/** At most this many labels head a line (a table row's first cells). */
const MAX_LABELS = 2;

const isLabel = (line: string) => !/[.!?:;]$/.test(line) && line.split(/\s+/).length <= LABEL_WORDS;

export function unitsOf(passage: Pick<Passage, 'text'>, index = 0): Unit[] {
  const lines = passage.text.split('\n').filter(Boolean);
  const units: Unit[] = [];
  let labels: string[] = [];
  lines.forEach((line, i) => {
    if (isLabel(line) && i < lines.length - 1 && labels.length < MAX_LABELS) {
      labels.push(line);
      return;
    }
    const head = labels.length > 0 ? `${labels.join(' — ')} — ` : '';
    labels = [];
    const sentences = line.length > SPLIT_CHARS ? line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/) : [line];
    for (const sentence of sentences) {
      // A row's cells are read together; a paragraph after short lines (an API page's method and
      // server lines) is matched with them but quoted alone.
      const text = `${head}${sentence}`;
      const quote = sentence.length <= ROW_CHARS ? text : sentence;
      units.push({ passage: index, line: i, text: quote, stems: new Set(stemsOf(text)) });
    }
  });
  return units;
}
