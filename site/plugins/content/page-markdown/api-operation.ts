/**
 * The reference part of a generated API operation page, written from the operation's page data
 * (the JSON that site/openapi/scripts/generate.ts writes beside the MDX) rather than from its
 * HTML: the HTML's schema trees are interactive widgets whose text runs together once flattened.
 * The same data and the same curl builder as the page, so the two cannot disagree.
 */
import { show, typeLabel } from '../../../openapi/components/schema-text';
import type { OperationData, ParameterData, SchemaNode } from '../../../openapi/components/types';

const code = (value: unknown) => `\`${show(value).replace(/`/g, "'")}\``;
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
/** Table cells hold one line, and a pipe would end the cell. */
const cell = (text: string) => oneLine(text).replace(/\|/g, '\\|');

/** Constraints, allowed values, default and example of a schema, as one sentence each. */
function facts(schema: SchemaNode): string[] {
  const out = schema.constraints.map((c) => `${c[0]?.toUpperCase()}${c.slice(1)}.`);
  if (schema.pattern) out.push(`Pattern: ${code(schema.pattern)}.`);
  if (schema.enum) out.push(`One of: ${schema.enum.map(code).join(', ')}.`);
  if (schema.default !== undefined) out.push(`Default: ${code(schema.default)}.`);
  if (schema.example !== undefined && typeof schema.example !== 'object') out.push(`Example: ${code(schema.example)}.`);
  if (schema.deprecated) out.push('Deprecated.');
  return out;
}

/** A schema's fields as a nested list: `` - `name` (string, required): description. Max length 80. `` */
function fieldList(schema: SchemaNode, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  const target = schema.items && !schema.properties ? schema.items : schema;
  for (const property of target.properties ?? []) {
    const s = property.schema;
    const about = [s.description ? oneLine(s.description) : '', ...facts(s)].filter(Boolean).join(' ');
    const kind = `${typeLabel(s)}${property.required ? ', required' : ''}`;
    lines.push(`${indent}- ${code(property.name)} (${kind})${about ? `: ${about}` : ''}`);
    if (!s.circular) lines.push(...fieldList(s, depth + 1), ...variants(s, depth + 1));
  }
  return lines;
}

function variants(schema: SchemaNode, depth: number): string[] {
  const options = schema.oneOf ?? schema.anyOf;
  if (!options) return [];
  const indent = '  '.repeat(depth);
  const intro = schema.discriminator ? ` (told apart by ${code(schema.discriminator)})` : '';
  return options.flatMap((option, i) => [
    `${indent}- Option ${i + 1}${i === 0 ? intro : ''}: ${option.title ? `${code(option.title)} ` : ''}${typeLabel(option)}`,
    ...fieldList(option, depth + 1),
  ]);
}

function schemaSection(schema: SchemaNode, example: unknown, seen: Map<string, string>, where: string): string[] {
  const name = schema.title ? `${code(schema.title)} ` : '';
  const out = [`Body: ${name}${typeLabel(schema)}.${schema.description ? ` ${oneLine(schema.description)}` : ''}`];
  const earlier = schema.title ? seen.get(schema.title) : undefined;
  if (earlier) {
    out.push(`Fields as in ${earlier}.`);
  } else {
    if (schema.title) seen.set(schema.title, where);
    const fields = [...fieldList(schema, 0), ...variants(schema, 0)];
    if (fields.length > 0) out.push(fields.join('\n'));
  }
  if (example !== undefined && example !== null) out.push(`\`\`\`json\n${JSON.stringify(example, null, 2)}\n\`\`\``);
  return out;
}

function parameterTable(parameters: readonly ParameterData[]): string {
  const rows = parameters.map((p) => {
    const about = [p.description, ...facts(p.schema), p.deprecated ? 'Deprecated.' : ''].filter(Boolean).join(' ');
    return `| ${code(p.name)} | ${p.in} | ${cell(typeLabel(p.schema))} | ${p.required ? 'yes' : 'no'} | ${cell(about)} |`;
  });
  return ['| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** Endpoint, authentication, parameters, request body, responses and a curl example. */
export function operationMarkdown(op: OperationData): { endpoint: string; reference: string } {
  const endpoint = [
    `\`${op.method} ${op.path}\``,
    `Server: \`${op.serverUrl}\` · operation id \`${op.operationId}\`${op.deprecated ? ' · **deprecated**' : ''}`,
  ].join('\n\n');
  const seen = new Map<string, string>();
  const parts: string[] = [];
  parts.push('## Authentication');
  parts.push(op.authentication.length > 0 ? op.authentication.map((a) => `- ${a}`).join('\n') : 'None.');
  if (op.parameters.length > 0) parts.push('## Parameters', parameterTable(op.parameters));
  if (op.requestBody) {
    const { contentType, required, schema, example } = op.requestBody;
    parts.push('## Request body', `\`${contentType}\`${required ? ', required' : ''}.`);
    parts.push(...schemaSection(schema, example, seen, 'the request body'));
  }
  parts.push('## Responses');
  for (const response of op.responses) {
    parts.push(`### ${response.status}`, oneLine(response.description));
    if (response.schema) {
      if (response.contentType) parts.push(`\`${response.contentType}\``);
      parts.push(...schemaSection(response.schema, response.example, seen, `the ${response.status} response`));
    }
  }
  const { curl, javascript, python } = op.snippets;
  parts.push(
    '## Example request',
    `\`\`\`bash\n${curl}\n\`\`\``,
    `\`\`\`javascript\n${javascript}\n\`\`\``,
    `\`\`\`python\n${python}\n\`\`\``,
  );
  return { endpoint, reference: parts.join('\n\n') };
}
