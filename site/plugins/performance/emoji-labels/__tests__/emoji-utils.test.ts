import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { packageDir } from '../../../../__tests__/upgrade-smoke';
import { extractLeadingEmoji } from '../client/emoji-utils';

const upstreamFile = path.join(packageDir('@docusaurus/theme-common'), 'lib/utils/emojiUtils.js');

/** Labels of every kind: ASCII, keycaps and their look-alikes, emoji sequences, other scripts, marks. */
function labels(): string[] {
  const continuations = ['', ' Studio', 'x', '\uFE0F', '\u20E3', '\uFE0F\u20E3', '\u0301', '\u200D', '\uFE0F Label'];
  const ascii = Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code));
  return [
    ...ascii.flatMap((c) => continuations.map((rest) => `${c}${rest}`)),
    '',
    'Tala Studio',
    '⚠️ Warning',
    '⚠ bare warning sign',
    '🚀Launch',
    '🇫🇷 France',
    '👩🏽‍💻 Developer',
    '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland',
    '#️⃣ Channels',
    '1️⃣ Step one',
    '© Copyright',
    '™ Trademark',
    'Überblick',
    'é accented',
    '日本語の入力プロセッサ',
    '한국어',
    'Türkçe',
    '\uD83D',
    '❤️',
    '❤',
  ];
}

test('extractLeadingEmoji without the eager segmenter gives the theme-common result for every kind of label', async () => {
  const { extractLeadingEmoji: upstream } = (await import(pathToFileURL(upstreamFile).href)) as {
    extractLeadingEmoji: typeof extractLeadingEmoji;
  };
  const inputs = labels();
  for (const input of inputs) assert.deepEqual(extractLeadingEmoji(input), upstream(input), JSON.stringify(input));
  // The cases that matter are among them: keycaps and emoji found, plain labels left whole.
  assert.deepEqual(extractLeadingEmoji('#️⃣ Channels'), { emoji: '#️⃣', rest: ' Channels' });
  assert.deepEqual(extractLeadingEmoji('🇫🇷 France'), { emoji: '🇫🇷', rest: ' France' });
  assert.deepEqual(extractLeadingEmoji('Tala Studio'), { emoji: null, rest: 'Tala Studio' });
});
