/**
 * The attackers of bench/hardening, in their own process so that receiving megabytes of answers
 * does not slow the probers in the bench process. CLIENTS clients send, back to back, until killed:
 * - `search`: signed-in readers (distinct accounts), the heaviest search body the endpoint accepts;
 * - `sessions`: one account signed in CLIENTS times (distinct sessions, same `sub`), the same body;
 * - `mcp`: MCP token holders (distinct readers, tokens from the real OAuth flow), a JSON-RPC batch
 *   of MCP_BATCH `list_sections` calls to /mcp.
 * Reports over IPC: `{ready}` once every client has had its first answer, then, on SIGTERM, the
 * answers' statuses and bytes.
 *   node --import tsx bench/hardening/attack.ts <origin> <search|sessions|mcp> <clients>
 */
import { Agent, request } from 'node:http';
import { MCP_ROUTES, PORTAL_DEFAULTS } from '@tala/policy';
import { SEARCH_LIMITS } from '@tala/server/src/search/limits.ts';
import { readerCookie } from './gate.ts';
import { mcpToken } from './mcp-token.ts';

export const ATTACK_KINDS = ['search', 'sessions', 'mcp'] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];
export type AttackMessage = { ready: true } | { statuses: Record<number, number>; bytes: number };

const tag = `<mark class="${'x'.repeat(SEARCH_LIMITS.tagLength - 15)}">`.slice(0, SEARCH_LIMITS.tagLength);
/** One query of Algolia's maximum page, a word in nearly every record, long tags, every attribute shaped. */
export const HEAVIEST_BODY = JSON.stringify({
  requests: [
    {
      indexName: PORTAL_DEFAULTS.search.indexName,
      query: 'the',
      hitsPerPage: SEARCH_LIMITS.hitsPerPage,
      attributesToHighlight: ['*'],
      attributesToSnippet: ['hierarchy:100', 'content:100'],
      highlightPreTag: tag,
      highlightPostTag: tag,
      snippetEllipsisText: tag,
    },
  ],
});

/** The MCP SDK's largest accepted batch; each call answers the whole table of contents (~120 KB). */
const MCP_BATCH = 100;
const MCP_BODY = JSON.stringify(
  Array.from({ length: MCP_BATCH }, (_, i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'list_sections', arguments: {} },
  })),
);

interface Shot {
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function shotsFor(origin: string, kind: AttackKind, clients: number): Promise<Shot[]> {
  const search = (cookie: string): Shot => ({
    path: '/1/indexes/*/queries',
    headers: { cookie, 'content-type': 'application/json' },
    body: HEAVIEST_BODY,
  });
  const each = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: clients }, make));
  if (kind === 'search') return (await each(() => readerCookie())).map(search);
  if (kind === 'sessions') {
    const sub = `bench-${crypto.randomUUID()}`;
    return (await each(() => readerCookie(false, sub))).map(search);
  }
  const tokens = await each(async () => mcpToken(origin, await readerCookie()));
  return tokens.map((token) => ({
    path: MCP_ROUTES.mcp,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: MCP_BODY,
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [origin = '', kind = 'search', clients = '6'] = process.argv.slice(2);
  if (!ATTACK_KINDS.includes(kind as AttackKind)) throw new Error(`attack.ts: unknown attack ${kind}`);
  // Over IPC from index.ts; as JSON lines when run by hand.
  const report = (message: AttackMessage, then: () => void = () => {}) => {
    if (process.send) process.send(message, then);
    else process.stdout.write(`${JSON.stringify(message)}\n`, then);
  };
  const agent = new Agent({ keepAlive: true, maxSockets: Number(clients) });
  const statuses: Record<number, number> = {};
  let bytes = 0;

  /** One request; `keep`: the body too (to check once that the MCP batch really ran). */
  const send = (shot: Shot, keep: boolean) =>
    new Promise<{ status: number; body: string }>((resolve) => {
      const req = request(`${origin}${shot.path}`, { method: 'POST', agent, headers: shot.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', () => resolve({ status: 0, body: '' }));
      req.end(shot.body);
    });

  const checkBatch = (body: string) => {
    const answers = JSON.parse(body) as { result?: { isError?: boolean } }[];
    const ok = Array.isArray(answers) && answers.filter((a) => a.result && !a.result.isError).length === MCP_BATCH;
    if (!ok) console.error(`attack.ts: the MCP batch did not run as ${MCP_BATCH} calls: ${body.slice(0, 300)}`);
  };

  process.on('SIGTERM', () => report({ statuses, bytes }, () => process.exit(0)));
  const shots = await shotsFor(origin, kind as AttackKind, Number(clients));
  let waiting = shots.length;
  for (const shot of shots) {
    void (async () => {
      for (let first = true; ; first = false) {
        const { status, body } = await send(shot, first && kind === 'mcp');
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!first) continue;
        if (kind === 'mcp' && status === 200) checkBatch(body);
        // Steady state: every client is past its set-up and has had an answer.
        if (--waiting === 0) report({ ready: true });
      }
    })();
  }
}
