/**
 * Ajv keywords for the kinds in kinds.ts. The converting ones are Ajv's `modifying` keywords: after
 * the value passed, they replace the text in the validated object with the typed value, so that
 * reading the environment is one `envSchema()` call and nothing downstream parses strings again.
 */
import type Ajv from 'ajv';
import type { KeywordDefinition } from 'ajv';
import ms from 'ms';

type Convert = (value: string, schema: unknown) => unknown;

/** A keyword that accepts the text when `convert` returns a value, and stores that value. */
function converting(keyword: string, convert: Convert, metaSchema: object): KeywordDefinition {
  return {
    keyword,
    type: 'string',
    modifying: true,
    errors: false,
    metaSchema,
    compile: (schema: unknown) => (data: string, context) => {
      const value = convert(data, schema);
      if (value === undefined) return false;
      if (context) (context.parentData as Record<string | number, unknown>)[context.parentDataProperty] = value;
      return true;
    },
  };
}

const FLAG_TRUE = /^(1|true|yes|on)$/i;
const FLAG_FALSE = /^(0|false|no|off)$/i;

function absoluteHttpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const entries = (value: string): string[] =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export function durationSeconds(value: string): number | undefined {
  const seconds = /^\d+$/.test(value) ? Number(value) : (ms(value as ms.StringValue) ?? Number.NaN) / 1000;
  return Number.isFinite(seconds) && seconds >= 1 ? Math.round(seconds) : undefined;
}

export const KEYWORDS: readonly KeywordDefinition[] = [
  converting('flag', (value) => (FLAG_TRUE.test(value) ? true : FLAG_FALSE.test(value) ? false : undefined), {
    const: true,
  }),
  converting(
    'choiceOf',
    (value, choices) => {
      const lower = value.toLowerCase();
      return (choices as string[]).includes(lower) ? lower : undefined;
    },
    { type: 'array', items: { type: 'string' } },
  ),
  converting('durationSeconds', durationSeconds, { const: true }),
  converting(
    'httpUrl',
    (value, separator) => {
      if (separator === true) return absoluteHttpUrl(value);
      const urls = entries(value).map(absoluteHttpUrl);
      return urls.length > 0 && urls.every(Boolean) ? urls : undefined;
    },
    { enum: [true, ','] },
  ),
  converting('commaList', entries, { const: true }),
  converting(
    'urlProtocols',
    (value, protocols) => {
      try {
        return (protocols as string[]).includes(new URL(value).protocol) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    { type: 'array', items: { type: 'string' } },
  ),
];

/** Our keywords, and `expected` as an annotation Ajv's strict mode accepts. */
export function withKeywords(ajv: Ajv): Ajv {
  for (const definition of KEYWORDS) ajv.addKeyword(definition);
  ajv.addVocabulary(['expected']);
  return ajv;
}
