import { show } from './schema-text';
import type { OperationData } from './types';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl command for the operation, built from its examples; the code block has a copy button. */
export function curlCommand(op: OperationData): string {
  const exampleValue = (name: string, schema: OperationData['parameters'][number]['schema']) =>
    schema.example !== undefined
      ? show(schema.example)
      : schema.default !== undefined
        ? show(schema.default)
        : `{${name}}`;
  let url = `${op.serverUrl}${op.path}`;
  for (const p of op.parameters.filter((param) => param.in === 'path')) {
    url = url.replace(
      `{${p.name}}`,
      encodeURIComponent(exampleValue(p.name, p.schema)).replace(/%7B|%7D/g, (c) => (c === '%7B' ? '{' : '}')),
    );
  }
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(exampleValue(p.name, p.schema))}`);
  if (query.length > 0) url += `?${query.join('&')}`;
  const lines = [`curl -X ${op.method} ${quote(url)}`];
  if (op.authentication.some((a) => a.includes('X-Tala-Session'))) lines.push(`-H "X-Tala-Session: $TALA_SESSION_ID"`);
  if (op.authentication.some((a) => a.startsWith('HTTP bearer'))) lines.push(`-H "Authorization: Bearer $TALA_TOKEN"`);
  for (const p of op.parameters.filter((param) => param.in === 'header' && param.required)) {
    lines.push(`-H ${quote(`${p.name}: ${exampleValue(p.name, p.schema)}`)}`);
  }
  if (op.requestBody) {
    lines.push(`-H ${quote(`Content-Type: ${op.requestBody.contentType}`)}`);
    const example = op.requestBody.example;
    if (op.requestBody.contentType === 'application/x-www-form-urlencoded' && example && typeof example === 'object') {
      for (const [key, value] of Object.entries(example))
        lines.push(`--data-urlencode ${quote(`${key}=${show(value)}`)}`);
    } else if (op.requestBody.contentType.startsWith('multipart/')) {
      lines.push(`-F 'file=@./upload.bin'`);
    } else if (example !== undefined && example !== null) {
      lines.push(`-d ${quote(JSON.stringify(example, null, 2))}`);
    }
  }
  return lines.join(' \\\n  ');
}
