import { parse as parseShell } from 'shell-quote';
import type { CodeBlock, CodeSpan } from '../scan.ts';

/**
 * The API calls a page shows, wherever a writer puts them: ```http blocks (request line, headers,
 * body), `curl` commands in ```bash blocks (parsed as the shell would, with shell-quote), and
 * inline spans such as `POST /solutions/{solutionId}/flows`.
 */
export interface ApiCall {
  /** The page's line and column of the call. */
  line: number;
  column: number;
  method: string;
  /** The URL's path, without scheme, host and query: `/studio/v8/solutions/sol-8c41e2`. */
  path: string;
  /** The host as written (`{studio-host}`), or null when the call shows a path only. */
  host: string | null;
  /** The JSON body as written, or null (none, a form, or a file such as `@body.json`). */
  body: string | null;
  /** How the call was written. */
  form: 'http' | 'curl' | 'inline';
  /** Header names the call sends, lower case (`x-tala-session`); null for an inline call, which shows none. */
  headers: string[] | null;
}

const METHOD = /^(GET|POST|PUT|PATCH|DELETE)$/;

/** Splits a URL or a path into host and path (a placeholder host such as {studio-host} is kept). */
function target(url: string): { host: string | null; path: string } {
  const match = /^(?:https?:\/\/([^/]+))?(\/[^?#\s]*)?/.exec(url);
  return { host: match?.[1] ?? null, path: (match?.[2] ?? '/').replace(/\/$/, '') || '/' };
}

export function httpBlockCalls(block: CodeBlock): ApiCall[] {
  const lines = block.text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const [method = '', url = ''] = (lines[first] ?? '').trim().split(/\s+/);
  if (!METHOD.test(method)) return [];
  const blank = lines.findIndex((line, i) => i > first && line.trim() === '');
  const headers = lines.slice(first + 1, blank === -1 ? undefined : blank);
  const host = headers.find((h) => /^host:/i.test(h))?.replace(/^host:\s*/i, '') ?? null;
  const body =
    blank === -1
      ? ''
      : lines
          .slice(blank + 1)
          .join('\n')
          .trim();
  const parsed = target(url);
  return [
    {
      line: block.line + first,
      column: block.indent + 1,
      method,
      path: parsed.path,
      host: parsed.host ?? host,
      body: body === '' ? null : body,
      form: 'http',
      headers: headerNames(headers),
    },
  ];
}

/** Options of curl that take a value (so the value is not mistaken for the URL). */
const VALUED = new Set([
  '-H',
  '--header',
  '-o',
  '--output',
  '-u',
  '--user',
  '-F',
  '--form',
  '-w',
  '--write-out',
  '--cacert',
  '--cert',
  '--key',
  '-A',
  '--user-agent',
  '--max-time',
  '-m',
  '--connect-timeout',
  '--retry',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '--resolve',
  '--proxy',
  '-x',
]);
const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json', '--data-urlencode']);

export function curlCalls(block: CodeBlock): ApiCall[] {
  const calls: ApiCall[] = [];
  const lines = block.text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/(^|[\s|;&(`])curl\s/.test(lines[i] as string)) continue;
    const start = i;
    const { command, last } = shellCommand(lines, i);
    i = last;
    // Variables stay as written: ${TALA_SESSION_ID} is a value the reader supplies.
    const words = parseShell(command.slice(command.indexOf('curl')), (name) => `$${name}`).filter(
      (w): w is string => typeof w === 'string',
    );
    let method: string | null = null;
    let url: string | null = null;
    let body: string | null = null;
    let hasData = false;
    let asQuery = false;
    const headers: string[] = [];
    for (let w = 1; w < words.length; w++) {
      const word = words[w] as string;
      if (word === '-X' || word === '--request') method = words[++w] ?? null;
      else if (word === '-H' || word === '--header') headers.push(words[++w] ?? '');
      else if (word === '--url') url = words[++w] ?? null;
      else if (DATA.has(word)) {
        hasData = true;
        const value = words[++w] ?? '';
        body = value.startsWith('@') || word === '--data-urlencode' ? null : value;
      } else if (word === '-G' || word === '--get') asQuery = true;
      else if (VALUED.has(word)) w++;
      else if (!word.startsWith('-') && url === null) url = word;
    }
    // A URL the script got from an earlier response (`"${download_url}"`, `"$(jq …)"`) names no operation.
    if (url === null || !/^(https?:\/\/|\/)/.test(url)) continue;
    const parsed = target(url);
    calls.push({
      line: block.line + start,
      column: block.indent + 1,
      method: method ?? (hasData && !asQuery ? 'POST' : 'GET'),
      path: parsed.path,
      host: parsed.host,
      body: asQuery ? null : body,
      form: 'curl',
      headers: headerNames(headers),
    });
  }
  return calls;
}

/**
 * The shell command that starts on line `first`: it goes on after a trailing backslash, and inside a
 * quoted string (a JSON body); `last` is its last line.
 */
export function shellCommand(lines: readonly string[], first: number): { command: string; last: number } {
  let command = lines[first] as string;
  let last = first;
  while (last + 1 < lines.length && (/\\\s*$/.test(command) || openQuote(command))) {
    last += 1;
    command = /\\\s*$/.test(command) ? `${command.replace(/\\\s*$/, ' ')}${lines[last]}` : `${command}\n${lines[last]}`;
  }
  return { command, last };
}

/** Whether a shell line ends inside a single- or double-quoted string. */
function openQuote(command: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote === null && c === '\\') i++;
    else if (quote === null && (c === "'" || c === '"')) quote = c;
    else if (quote === '"' && c === '\\') i++;
    else if (c === quote) quote = null;
  }
  return quote !== null;
}

/** `POST /solutions/{solutionId}/publish` in prose. */
export function inlineCall(span: CodeSpan): ApiCall | null {
  const match = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/.exec(span.text);
  if (!match || (!(match[2] as string).startsWith('/') && !/^https?:/.test(match[2] as string))) return null;
  const parsed = target(match[2] as string);
  return {
    line: span.line,
    column: span.column,
    method: match[1] as string,
    ...parsed,
    body: null,
    form: 'inline',
    headers: null,
  };
}

/** `X-Tala-Session: ${TALA_SESSION_ID}` → `x-tala-session`; `Authorization: Bearer …` → `authorization: bearer`. */
function headerNames(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    const match = /^\s*([\w-]+)\s*:\s*(\S*)/.exec(line);
    if (!match) return [];
    const name = (match[1] as string).toLowerCase();
    return name === 'authorization' ? [`${name}: ${(match[2] as string).toLowerCase()}`] : [name];
  });
}
