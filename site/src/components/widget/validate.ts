/**
 * Validates a message payload against its type's field specs and returns messages a writer can act
 * on ("buttons[1].label is required"). Hand-written on purpose: JSON Schema validators such as Ajv
 * compile schemas with `new Function`, which the portal's Content-Security-Policy forbids.
 */
import { type FieldSpec, MESSAGE_TYPES, messageType } from './message-types';

export interface ValidationResult {
  ok: boolean;
  errors: string[];
}

const typeNames = MESSAGE_TYPES.map((t) => t.type).join(', ');

function isUrl(value: string): boolean {
  if (value.startsWith('/')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function checkValue(spec: FieldSpec, value: unknown, where: string, errors: string[]): void {
  switch (spec.type) {
    case 'string':
    case 'url':
      if (typeof value !== 'string') return void errors.push(`${where} must be a string.`);
      if (spec.type === 'url' && !isUrl(value)) errors.push(`${where} must be an http(s) address or a path.`);
      if (spec.enum && !spec.enum.includes(value)) errors.push(`${where} must be one of: ${spec.enum.join(', ')}.`);
      if (spec.max !== undefined && value.length > spec.max)
        errors.push(`${where} is longer than ${spec.max} characters.`);
      return;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || Number.isNaN(value)) return void errors.push(`${where} must be a number.`);
      if (spec.type === 'integer' && !Number.isInteger(value)) errors.push(`${where} must be a whole number.`);
      if (spec.min !== undefined && value < spec.min) errors.push(`${where} must be at least ${spec.min}.`);
      if (spec.max !== undefined && value > spec.max) errors.push(`${where} must be at most ${spec.max}.`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') errors.push(`${where} must be true or false.`);
      return;
    case 'object':
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return void errors.push(`${where} must be an object.`);
      if (spec.fields) checkFields(spec.fields, value as Record<string, unknown>, `${where}.`, errors);
      return;
    case 'array':
      if (!Array.isArray(value)) return void errors.push(`${where} must be a list.`);
      if (spec.min !== undefined && value.length < spec.min)
        errors.push(`${where} needs at least ${spec.min} item(s).`);
      if (spec.max !== undefined && value.length > spec.max) errors.push(`${where} allows at most ${spec.max} items.`);
      value.forEach((item, index) => {
        const at = `${where}[${index}]`;
        if (spec.fields) {
          if (typeof item !== 'object' || item === null || Array.isArray(item)) errors.push(`${at} must be an object.`);
          else checkFields(spec.fields, item as Record<string, unknown>, `${at}.`, errors);
        }
      });
      return;
  }
}

function checkFields(
  specs: readonly FieldSpec[],
  value: Record<string, unknown>,
  prefix: string,
  errors: string[],
): void {
  for (const spec of specs) {
    const present = value[spec.name] !== undefined && value[spec.name] !== null;
    if (!present) {
      if (spec.required) errors.push(`${prefix}${spec.name} is required.`);
      continue;
    }
    checkValue(spec, value[spec.name], `${prefix}${spec.name}`, errors);
  }
  const known = new Set(specs.map((s) => s.name));
  for (const key of Object.keys(value))
    if (!known.has(key)) errors.push(`${prefix}${key} is not a field of this message type.`);
}

/** Type-specific rules the field specs cannot express. */
function crossChecks(payload: Record<string, unknown>, errors: string[]): void {
  const buttonsOf = (value: unknown) => (Array.isArray(value) ? value : []) as Record<string, unknown>[];
  const checkButtons = (buttons: unknown, where: string) =>
    buttonsOf(buttons).forEach((b, i) => {
      if (b && typeof b === 'object' && b.value === undefined && b.url === undefined) {
        errors.push(`${where}[${i}] needs a value or a url.`);
      }
    });
  if (payload.type === 'buttons' || payload.type === 'card') checkButtons(payload.buttons, 'buttons');
  if (payload.type === 'card' && payload.imageUrl && !payload.imageAlt)
    errors.push('imageAlt is required when imageUrl is set.');
  if (payload.type === 'table' && Array.isArray(payload.columns) && Array.isArray(payload.rows)) {
    payload.rows.forEach((row, i) => {
      if (!Array.isArray(row)) errors.push(`rows[${i}] must be a list of cells.`);
      else if (row.length !== (payload.columns as unknown[]).length) {
        errors.push(
          `rows[${i}] has ${row.length} cells; the table has ${(payload.columns as unknown[]).length} columns.`,
        );
      }
    });
  }
}

export function validateMessage(payload: unknown): ValidationResult {
  const errors: string[] = [];
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return { ok: false, errors: ['The payload must be one JSON object, such as {"type": "bubble", "text": "Hello"}.'] };
  }
  const record = payload as Record<string, unknown>;
  if (typeof record.type !== 'string') return { ok: false, errors: [`type is required: one of ${typeNames}.`] };
  const spec = messageType(record.type);
  if (!spec) return { ok: false, errors: [`"${record.type}" is not a message type. Use one of: ${typeNames}.`] };
  checkFields(spec.fields, record, '', errors);
  if (errors.length === 0) crossChecks(record, errors);
  return { ok: errors.length === 0, errors };
}

/** Parses editor text: JSON syntax errors become validation messages with their position. */
export function parseAndValidate(text: string): ValidationResult & { payload: unknown } {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`The JSON is not valid: ${(error as Error).message}`], payload: undefined };
  }
  return { ...validateMessage(payload), payload };
}
