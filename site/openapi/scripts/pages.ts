/** The MDX the generator writes: operation pages and specification pages. */
import { STATUS_CODES } from 'node:http';
import type { OperationData } from '../components/types';
import { type ApiLayout, familySlugOf, routeBaseOf } from './layout';

/**
 * Markdown from the spec, made safe for MDX: outside code spans and blocks, `{`, `}` and `<` would
 * start JSX, so they are escaped; code stays as written.
 */
export function mdxText(markdown: string): string {
  return markdown
    .split(/(```[\s\S]*?```|`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[{}]/g, (c) => `\\${c}`).replace(/</g, '&lt;')))
    .join('');
}

const yamlString = (value: string) => JSON.stringify(value);

function firstSentence(text: string): string {
  const plain = text.replace(/`/g, '').replace(/\s+/g, ' ').trim();
  return (/^.*?[.!?](\s|$)/.exec(plain)?.[0] ?? plain).trim().slice(0, 200);
}

const IMPORTS = [
  "import ApiEndpoint from '@site/openapi/components/ApiEndpoint';",
  "import ParameterTable from '@site/openapi/components/ParameterTable';",
  "import SchemaTree from '@site/openapi/components/SchemaTree';",
  "import ResponseList from '@site/openapi/components/ResponseList';",
  "import RequestExamples from '@site/openapi/components/RequestExamples';",
];

const LOCATIONS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Header parameters'],
  ['cookie', 'Cookie parameters'],
] as const;

/**
 * The operation's data, in the page's own module: a string parsed when the page runs. As a JSON
 * module of its own (`import operation from './x.json'`, the file the examples check still reads)
 * every operation page cost the bundler a module in each bundle, the JSON's whole tree held in
 * memory: at 10,433 pages (5,877 operation pages), 2.4 of the bundling peak's 9.8 GiB
 * (docs/decisions/growth-with-content.md, ninth run). A string literal is one token to the bundler;
 * `JSON.parse` of it is what the JSON module's code did in the browser too.
 */
export function operationExport(op: OperationData): string {
  // U+2028 and U+2029 are valid in a string literal but end a line for some line-based tools.
  const literal = JSON.stringify(JSON.stringify(op))
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `export const operation = JSON.parse(${literal});`;
}

export function operationPage(
  op: OperationData,
  description: string,
  position: number,
  keywords: readonly string[] = [],
  /** Markdown after the authentication list: how to get the credential (the API's layout). */
  credentialHelp = '',
): string {
  const lines = [
    '---',
    `title: ${yamlString(op.summary)}`,
    `sidebar_label: ${yamlString(op.summary)}`,
    `sidebar_position: ${position}`,
    `description: ${yamlString(firstSentence(description) || op.summary)}`,
    ...(keywords.length > 0 ? [`keywords: ${JSON.stringify(keywords)}`] : []),
    `sidebar_class_name: ${yamlString(`api-method api-method--${op.method.toLowerCase()}`)}`,
    '---',
    '',
    ...IMPORTS,
    operationExport(op),
    '',
    '<ApiEndpoint operation={operation} />',
    '',
    mdxText(description.trim()),
    '',
  ];
  if (op.authentication.length > 0) {
    lines.push('## Authentication', '', ...op.authentication.map((a) => `- ${mdxText(a)}`), '');
    if (credentialHelp) lines.push(credentialHelp, '');
  } else {
    lines.push('## Authentication', '', 'None: this operation is called without credentials.', '');
  }
  for (const [where, heading] of LOCATIONS) {
    if (op.parameters.some((p) => p.in === where)) {
      lines.push(`## ${heading}`, '', `<ParameterTable parameters={operation.parameters} location="${where}" />`, '');
    }
  }
  if (op.requestBody) {
    lines.push(
      '## Request body',
      '',
      `\`${op.requestBody.contentType}\`${op.requestBody.required ? ' (required)' : ''}`,
      '',
      '<SchemaTree schema={operation.requestBody.schema} anchorPrefix="request" example={operation.requestBody.example} />',
      '',
    );
  }
  lines.push(
    '## Responses',
    '',
    '<ResponseList responses={operation.responses} />',
    '',
    '## Example request',
    '',
    '<RequestExamples operation={operation} />',
    '',
  );
  return lines.join('\n');
}

export function specificationPage(args: {
  doc: Record<string, unknown>;
  layout: ApiLayout;
  specFile: string;
  tags: { name: string; description?: string; 'x-displayName'?: string }[];
  operations: { family: string; data: OperationData }[];
}): string {
  const { label, specificationSlug, readFirst } = args.layout;
  const familyRoute = (family: string) => `${routeBaseOf(args.layout)}${familySlugOf(args.layout, family)}`;
  const info = args.doc.info as Record<string, string>;
  const servers = (args.doc.servers as { url: string; description?: string }[]) ?? [];
  const count = (family: string) => args.operations.filter((op) => op.family === family).length;
  return [
    '---',
    `title: ${yamlString(`${label} specification`)}`,
    `sidebar_label: ${yamlString('Specification')}`,
    'sidebar_position: 1',
    `slug: ${specificationSlug}`,
    `description: ${yamlString(info.summary ?? label)}`,
    '---',
    '',
    mdxText(info.description ?? ''),
    '',
    `This reference is generated from the OpenAPI ${String(args.doc.openapi)} specification of the ${label}, version ${info.version}. It has ${args.operations.length} operations in ${args.tags.length} resource families.`,
    '',
    ...(readFirst ? [readFirst, ''] : []),
    '## Download',
    '',
    `[Download the OpenAPI specification (${args.specFile})](./${args.specFile}) to generate a client or import it into an API tool.`,
    '',
    '## Servers',
    '',
    ...servers.map((s) => `- \`${s.url}\`${s.description ? `: ${mdxText(s.description)}` : ''}`),
    '',
    '## Resource families',
    '',
    '| Family | Operations | What it is for |',
    '|---|---|---|',
    ...args.tags.map(
      (t) =>
        `| [${t['x-displayName'] ?? t.name}](${familyRoute(t.name)}) | ${count(t.name)} | ${cell(t.description ?? '')} |`,
    ),
    '',
    ...statusCodeTable(args.operations.map((op) => op.data)),
  ].join('\n');
}

const cell = (text: string) => mdxText(text.replace(/\s+/g, ' ').replace(/\|/g, '\\|'));

/**
 * Every status code the API answers, from its operations' responses: how many operations answer it
 * and the meaning at least half of them give (else the HTTP reason phrase: `200` means something
 * else for each operation), so the table cannot drift from the spec.
 */
function statusCodeTable(operations: OperationData[]): string[] {
  const byStatus = new Map<string, { operations: number; meanings: Map<string, number> }>();
  for (const op of operations) {
    for (const response of op.responses) {
      const entry = byStatus.get(response.status) ?? { operations: 0, meanings: new Map() };
      entry.operations += 1;
      const meaning = response.description.split('\n')[0]?.trim() ?? '';
      entry.meanings.set(meaning, (entry.meanings.get(meaning) ?? 0) + 1);
      byStatus.set(response.status, entry);
    }
  }
  const rows = [...byStatus.entries()].sort(([a], [b]) => a.localeCompare(b));
  return [
    '## Status codes',
    '',
    'The status codes the operations of this API answer with; each operation page lists its own, with the response body.',
    '',
    '| Status | Meaning | Operations |',
    '|---|---|---|',
    ...rows.map(([status, { operations: count, meanings }]) => {
      const [top = '', topCount = 0] = [...meanings.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
      const meaning =
        topCount * 2 >= count ? top : `${STATUS_CODES[Number(status)] ?? status}: each operation page says what for`;
      return `| \`${status}\` | ${cell(meaning)} | ${count} |`;
    }),
    '',
  ];
}
