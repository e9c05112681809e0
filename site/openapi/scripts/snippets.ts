import { HTTPSnippet } from '@readme/httpsnippet';
import { show } from '../components/schema-text';
import type { OperationData, RequestSnippets } from '../components/types';

/** An operation's page data without the snippets, which are written from it. */
type OperationFields = Omit<OperationData, 'snippets'>;

/**
 * The example request of an operation in curl, JavaScript (fetch) and Python (requests), written by
 * @readme/httpsnippet from a HAR request built from the operation's examples. Credentials stay in
 * the environment: httpsnippet writes literal header values, so placeholders are swapped for each
 * language's way of reading a variable (the examples check refuses secrets on a command line).
 */
const SESSION = '__TALA_SESSION_ID__';
const TOKEN = '__TALA_TOKEN__';

interface HarHeader {
  name: string;
  value: string;
}

interface HarPostData {
  mimeType: string;
  text?: string;
  params?: { name: string; value?: string; fileName?: string }[];
}

/** The HAR request of the operation: its URL with example path and query values, headers and body. */
export function exampleRequest(op: OperationFields) {
  const exampleValue = (name: string, schema: OperationData['parameters'][number]['schema']) =>
    schema.example !== undefined
      ? show(schema.example)
      : schema.default !== undefined
        ? show(schema.default)
        : `{${name}}`;
  let url = `${op.serverUrl}${op.path}`;
  for (const p of op.parameters.filter((param) => param.in === 'path')) {
    url = url.replace(`{${p.name}}`, encodeURIComponent(exampleValue(p.name, p.schema)));
  }
  const queryString = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => ({ name: p.name, value: exampleValue(p.name, p.schema) }));
  const headers: HarHeader[] = [];
  if (op.authentication.some((a) => a.includes('X-Tala-Session')))
    headers.push({ name: 'X-Tala-Session', value: SESSION });
  if (op.authentication.some((a) => a.startsWith('HTTP bearer')))
    headers.push({ name: 'Authorization', value: `Bearer ${TOKEN}` });
  for (const p of op.parameters.filter((param) => param.in === 'header' && param.required)) {
    headers.push({ name: p.name, value: exampleValue(p.name, p.schema) });
  }
  const body = op.requestBody;
  const example = body?.example;
  let postData: HarPostData | undefined;
  if (body) {
    // A multipart body's Content-Type carries the boundary the client chooses: the client sets it.
    if (!body.contentType.startsWith('multipart/')) headers.push({ name: 'Content-Type', value: body.contentType });
    if (body.contentType === 'application/x-www-form-urlencoded' && example && typeof example === 'object') {
      postData = {
        mimeType: body.contentType,
        params: Object.entries(example).map(([name, value]) => ({ name, value: show(value) })),
      };
    } else if (body.contentType.startsWith('multipart/')) {
      postData = { mimeType: body.contentType, params: [{ name: 'file', fileName: 'upload.bin' }] };
    } else if (example !== undefined && example !== null) {
      postData = { mimeType: body.contentType, text: JSON.stringify(example) };
    }
  }
  return {
    method: op.method,
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers,
    queryString,
    headersSize: -1,
    bodySize: -1,
    ...(postData ? { postData } : {}),
  };
}

const convert = (snippet: HTTPSnippet, target: string, client: string): string => {
  const result = snippet.convert(target as never, client as never, { indent: '  ' });
  const code = Array.isArray(result) ? result[0] : result;
  if (typeof code !== 'string') throw new Error(`httpsnippet wrote no ${target} ${client} snippet`);
  // A path parameter without an example stays a visible placeholder, `{solutionId}`, not `%7BsolutionId%7D`.
  return code.replace(/%7B(\w+)%7D/g, '{$1}');
};

export function requestSnippets(op: OperationFields): RequestSnippets {
  const request = exampleRequest(op);
  const snippet = new HTTPSnippet(request as never);
  const curl = curlWithSecretsOffTheCommandLine(convert(snippet, 'shell', 'curl'), request)
    .replace(`'X-Tala-Session: ${SESSION}'`, '"X-Tala-Session: ${TALA_SESSION_ID}"')
    .replace(`'Authorization: Bearer ${TOKEN}'`, '"Authorization: Bearer ${TALA_TOKEN}"');
  let javascript = withFileUploads(convert(snippet, 'javascript', 'fetch'), request.postData)
    .replace(`'${SESSION}'`, 'process.env.TALA_SESSION_ID')
    .replace(`'Bearer ${TOKEN}'`, '`Bearer ${process.env.TALA_TOKEN}`');
  let python = withJsonPayload(convert(snippet, 'python', 'requests'), request.postData)
    .replace(`"${SESSION}"`, 'os.environ["TALA_SESSION_ID"]')
    .replace(`"Bearer ${TOKEN}"`, 'f"Bearer {os.environ[\'TALA_TOKEN\']}"');
  // Values the spec's examples take from the environment (`${TALA_CLIENT_SECRET}`) are read from it.
  javascript = javascript.replace(/'\$\{(\w+)\}'/g, 'process.env.$1');
  python = python.replace(/"\$\{(\w+)\}"/g, 'os.environ["$1"]');
  if (python.includes('os.environ')) python = `import os\n${python}`;
  for (const [language, code] of Object.entries({ curl, javascript, python })) {
    if (code.includes(SESSION) || code.includes(TOKEN))
      throw new Error(`${language} snippet kept a credential placeholder`);
  }
  return { curl, javascript, python };
}

/**
 * httpsnippet's Python target writes a JSON body's strings with their raw line breaks, which is not
 * Python (a script in a body); the body is written here instead as the JSON text with Python's
 * names for true, false and null, which is a valid Python literal.
 */
function withJsonPayload(python: string, postData: HarPostData | undefined): string {
  if (!postData?.text || !postData.mimeType.includes('json')) return python;
  const literal = JSON.stringify(JSON.parse(postData.text), null, 2).replace(
    /"(?:[^"\\]|\\.)*"|\btrue\b|\bfalse\b|\bnull\b/g,
    (token) => ({ true: 'True', false: 'False', null: 'None' })[token] ?? token,
  );
  const start = python.indexOf('payload = ');
  const end = python.indexOf('\nheaders = ', start);
  if (start === -1 || end === -1) throw new Error('the Python snippet has no payload to replace');
  return `${python.slice(0, start)}payload = ${literal}${python.slice(end)}`;
}

/**
 * A body with a value from the environment (`"password": "${TALA_PASSWORD}"`,
 * `client_secret=${TALA_CLIENT_SECRET}`): httpsnippet passes it as a --data or --data-urlencode
 * argument, visible to every user of the machine; jq builds the body from the environment instead
 * and curl reads it from standard input.
 */
function curlWithSecretsOffTheCommandLine(curl: string, request: { postData?: HarPostData }): string {
  const body = request.postData;
  let filter: string | null = null;
  if (body?.text && /"\$\{\w+\}"/.test(body.text)) {
    // A JSON object is a jq expression; each secret becomes a read of the environment.
    filter = `jq -n '${JSON.stringify(JSON.parse(body.text))
      .replace(/"\$\{(\w+)\}"/g, 'env.$1')
      .replace(/'/g, "'\\''")}'`;
  } else if (body?.params?.some((p) => /\$\{\w+\}/.test(p.value ?? ''))) {
    const fields = body.params
      .map((p) => {
        const variable = /^\$\{(\w+)\}$/.exec(p.value ?? '');
        return `${p.name}=${variable ? `\\(env.${variable[1]} | @uri)` : encodeURIComponent(p.value ?? '')}`;
      })
      .join('&');
    filter = `jq -rn '"${fields}"'`;
  }
  if (filter === null) return curl;
  const lines = curl.split(' \\\n').filter((line) => !line.trim().startsWith('--data'));
  return `${filter} |\n${[...lines, '  --data @-'].join(' \\\n')}`;
}

/** httpsnippet's fetch appends a file field as its name; Node reads the file instead (fs.openAsBlob). */
function withFileUploads(javascript: string, postData: HarPostData | undefined): string {
  const files = postData?.params?.filter((p) => p.fileName) ?? [];
  if (files.length === 0) return javascript;
  let code = javascript;
  for (const { name, fileName } of files) {
    const written = `form.append('${name}', '${fileName}');`;
    if (!code.includes(written)) throw new Error(`the JavaScript snippet does not append the file ${fileName}`);
    code = code.replace(written, `form.append('${name}', await openAsBlob('${fileName}'), '${fileName}');`);
  }
  return `import { openAsBlob } from 'node:fs';\n\n${code}`;
}
