/** Page data of one API operation, as the generator writes it (site/openapi/scripts/normalize.ts). */
export interface SchemaNode {
  /** Component name when the schema came from a $ref. */
  title?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  pattern?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  deprecated?: boolean;
  /** Human-readable constraints: "max length 120", "minimum 1". */
  constraints: string[];
  properties?: { name: string; required: boolean; schema: SchemaNode }[];
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  discriminator?: string;
  /** Set when the schema refers back to an enclosing one: rendering stops there. */
  circular?: string;
}

export interface ParameterData {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description: string;
  schema: SchemaNode;
}

export interface ResponseData {
  status: string;
  description: string;
  contentType: string | null;
  schema: SchemaNode | null;
  example: unknown;
}

export interface OperationData {
  api: string;
  method: string;
  path: string;
  serverUrl: string;
  operationId: string;
  summary: string;
  deprecated: boolean;
  /** How to authenticate, in words; empty when the operation needs no credentials. */
  authentication: string[];
  parameters: ParameterData[];
  requestBody: { required: boolean; contentType: string; schema: SchemaNode; example: unknown } | null;
  responses: ResponseData[];
  /** The example request in each language (site/openapi/scripts/snippets.ts, written by the generator). */
  snippets: RequestSnippets;
}

export interface RequestSnippets {
  curl: string;
  javascript: string;
  python: string;
}
