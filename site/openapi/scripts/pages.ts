/** The MDX the generator writes: operation pages and specification pages. */
import type { OperationData } from '../components/types';

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

export function operationPage(
  op: OperationData,
  slug: string,
  description: string,
  position: number,
  keywords: readonly string[] = [],
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
    `import operation from './${slug}.json';`,
    '',
    '<ApiEndpoint operation={operation} />',
    '',
    mdxText(description.trim()),
    '',
  ];
  if (op.authentication.length > 0) {
    lines.push('## Authentication', '', ...op.authentication.map((a) => `- ${mdxText(a)}`), '');
    lines.push(
      op.api === 'manager'
        ? 'Get a token with the OAuth 2 `token` operation of this API.'
        : 'How to get a session: [Logins and sessions](/reference/apis/logins-and-sessions/).',
      '',
    );
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
  label: string;
  slug: string;
  specFile: string;
  api: string;
  tags: { name: string; description?: string; 'x-displayName'?: string }[];
  familySlug: (family: string) => string;
  operations: { family: string }[];
}): string {
  const info = args.doc.info as Record<string, string>;
  const servers = (args.doc.servers as { url: string; description?: string }[]) ?? [];
  const count = (family: string) => args.operations.filter((op) => op.family === family).length;
  return [
    '---',
    `title: ${yamlString(`${args.label} specification`)}`,
    `sidebar_label: ${yamlString('Specification')}`,
    'sidebar_position: 1',
    `slug: ${args.slug}`,
    `description: ${yamlString(info.summary ?? args.label)}`,
    '---',
    '',
    mdxText(info.description ?? ''),
    '',
    `This reference is generated from the OpenAPI ${String(args.doc.openapi)} specification of the ${args.label}, version ${info.version}. It has ${args.operations.length} operations in ${args.tags.length} resource families.`,
    '',
    ...(args.api === 'manager'
      ? []
      : [
          'Read first: [Logins and sessions](/reference/apis/logins-and-sessions/) (how to authenticate) and [Versioning](/reference/apis/versioning/) (API and document versions).',
          '',
        ]),
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
        `| [${t['x-displayName'] ?? t.name}](${args.api === 'manager' ? `/on-prem${args.familySlug(t.name)}` : args.familySlug(t.name)}) | ${count(t.name)} | ${mdxText((t.description ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|'))} |`,
    ),
    '',
  ].join('\n');
}
