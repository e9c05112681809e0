import type { SchemaNode } from './types';

/** `string (date-time)`, `array of Solution`, `string | null`. */
export function typeLabel(schema: SchemaNode): string {
  if (schema.circular) return `${schema.circular} (see above)`;
  if (schema.oneOf) return 'one of';
  if (schema.anyOf) return 'any of';
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const main = types
    .map((t) => (t === 'array' && schema.items ? `array of ${schema.items.title ?? typeLabel(schema.items)}` : t))
    .join(' | ');
  const label = main || schema.title || 'any';
  return schema.format ? `${label} (${schema.format})` : label;
}

export const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A stable, URL-safe anchor for a field: `request-solution.name`, `response-200-items[].id`. */
export const anchorId = (prefix: string, fieldPath: string) =>
  `${prefix}-${fieldPath}`.replace(/[^A-Za-z0-9_.[\]-]/g, '-');
