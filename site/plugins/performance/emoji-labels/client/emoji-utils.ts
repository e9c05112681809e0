/**
 * `extractLeadingEmoji` of @docusaurus/theme-common (lib/utils/emojiUtils.js), which the theme's
 * DocCard calls on every card label, with its `Intl.Segmenter` created on first need instead of at
 * module load, and not needed at all for a label that starts with an ASCII character other than a
 * keycap base: no RGI emoji starts with one except the keycaps (`#️⃣`, `*️⃣`, `0️⃣`…`9️⃣`).
 * Creating the segmenter loads ICU's grapheme data: 90–150 ms of the category index's main thread
 * on Lighthouse's throttled phone, for labels like "Tala Studio".
 * Same results as the original for every input (plugins/performance/emoji-labels/__tests__).
 */
let segmenter: Intl.Segmenter | undefined;
/** Built on first need too; the `v` flag (sets of strings) is newer than the TypeScript target. */
let rgiEmoji: RegExp | undefined;

const KEYCAP_START = /^[#*0-9][\uFE0F\u20E3]/;

export function extractLeadingEmoji(input: string): { emoji: string | null; rest: string } {
  const first = input.charCodeAt(0);
  if (Number.isNaN(first) || (first < 0x80 && !KEYCAP_START.test(input))) return { emoji: null, rest: input };
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const grapheme = segmenter.segment(input)[Symbol.iterator]().next().value?.segment;
  // biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag does not compile for the TypeScript target.
  rgiEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v');
  if (!grapheme || !rgiEmoji.test(grapheme)) return { emoji: null, rest: input };
  return { emoji: grapheme, rest: input.slice(grapheme.length) };
}
