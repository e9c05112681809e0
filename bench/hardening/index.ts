/**
 * bench/hardening, in one run:
 * 1. Stall: /healthz p50/p95 on an idle gate, then while 6 signed-in readers send the heaviest
 *    search body the endpoint accepts, back to back. Rows: search in worker threads (default) and
 *    on the event loop (SEARCH_WORKERS=0), each with the rate limits as shipped and with the heavy
 *    budget lifted (the pool alone). Ratio: p95 under attack / p95 idle; goal p95 ≤ 100 ms.
 * 2. Throughput: a signed-in reader reading pages against the gate's own anonymous /healthz floor
 *    (the cheapest answer the same process gives). Goal ≥ 0.6×.
 * 3. Attacks: another reader (the victim) searching as the DocSearch modal does, a few times a
 *    second, and /healthz, idle and under each attack (limits as shipped): the search flood of 1;
 *    MCP token holders sending batches of tool calls; one account signed in many times, each
 *    session flooding search. Goal: victim search p95 ≤ 3× idle, and no 503 for the victim.
 *
 *   npm run bench:hardening        (BENCH_SECONDS=5 per phase, BENCH_ROUNDS=3 for throughput,
 *                                   BENCH_PART=stall|throughput|attacks for one part)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE, type AccessManifest, PORTAL_DEFAULTS, routeOfPageFile } from '@tala/policy';
import autocannon from 'autocannon';
import { median, percentile } from '../stats.ts';
import type { AttackKind, AttackMessage } from './attack.ts';
import { readerCookie, startGate } from './gate.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ATTACKERS = 6;
const buildDir = path.resolve(import.meta.dirname, '../../site/build');
if (!existsSync(path.join(buildDir, ACCESS_MANIFEST_FILE))) {
  console.error('bench/hardening: no build at site/build; run `npm run build` first.');
  process.exit(1);
}

interface Target {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}
const HEALTHZ: Target = { path: '/healthz' };

/** One request on `agent`: its status (0 when the connection failed). */
function ask(origin: string, target: Target, agent: Agent) {
  return new Promise<number>((resolve) => {
    const req = request(
      `${origin}${target.path}`,
      { method: target.method ?? 'GET', headers: target.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(target.body);
  });
}

/**
 * Sequential requests for `seconds`, one keep-alive connection, `gapMs` between an answer and the
 * next request: the latency a load balancer (/healthz) or a reader sees, without adding a load.
 * Latencies count every answer, refusals too: the statuses tell those apart.
 */
async function probe(origin: string, seconds: number, target: Target = HEALTHZ, gapMs = 50) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    const status = await ask(origin, target, agent);
    latencies.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), n: latencies.length, statuses };
}
type Probe = Awaited<ReturnType<typeof probe>>;

/**
 * Runs `measure` while attack.ts attacks `origin`: from the attack's steady state (every client
 * set up and answered once, then a settle delay) until `measure` resolves.
 */
async function underAttack<T>(origin: string, kind: AttackKind, clients: number, measure: () => Promise<T>) {
  const attack: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'attack.ts'), origin, kind, String(clients)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  let report: Record<number, number> = {};
  let bytes = 0;
  const ready = new Promise<void>((resolve, reject) => {
    attack.on('message', (message: AttackMessage) => {
      if ('ready' in message) resolve();
      else ({ statuses: report, bytes } = message);
    });
    attack.on('exit', (code) => reject(new Error(`the ${kind} attack exited (${code}) before it was under way`)));
    setTimeout(() => reject(new Error(`the ${kind} attack was not under way within 60 s`)), 60_000).unref();
  });
  // 'close' comes after the IPC channel is drained: the final report has arrived by then.
  const closed = once(attack, 'close');
  let measured: T;
  try {
    await ready;
    // Let the attack settle (queues full, budgets spent where they will be) before probing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    measured = await measure();
  } finally {
    attack.kill('SIGTERM');
    await closed;
  }
  return { measured, attackStatuses: report, attackBytes: bytes };
}

const ms = (value: number) => value.toFixed(1);
const pair = ({ p50, p95 }: Probe) => `${ms(p50)} / ${ms(p95)}`;
const ratio = (attacked: Probe, idle: Probe) => `${(attacked.p95 / Math.max(idle.p95, 0.1)).toFixed(1)}×`;
const answers = (statuses: Record<number, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

async function stallRows() {
  const setups: [string, Record<string, string>][] = [
    ['workers, limits as shipped', {}],
    ['workers, heavy budget lifted', { SEARCH_HEAVY_RATE_PER_MINUTE: '1000000' }],
    ['event loop, limits as shipped', { SEARCH_WORKERS: '0' }],
    ['event loop, heavy budget lifted', { SEARCH_WORKERS: '0', SEARCH_HEAVY_RATE_PER_MINUTE: '1000000' }],
  ];
  console.log(`\n1. /healthz while ${ATTACKERS} readers send the heaviest accepted search body (${SECONDS} s each)\n`);
  console.log('| search runs in | idle p50 / p95 ms | attacked p50 / p95 ms | p95 ratio | attack answers |');
  console.log('|---|---|---|---|---|');
  for (const [name, env] of setups) {
    const gate = await startGate(env);
    try {
      const idle = await probe(gate.origin, SECONDS);
      const { measured: health, attackStatuses } = await underAttack(gate.origin, 'search', ATTACKERS, () =>
        probe(gate.origin, SECONDS),
      );
      console.log(
        `| ${name} | ${pair(idle)} | ${pair(health)} | ${ratio(health, idle)} | ${answers(attackStatuses)} |`,
      );
    } finally {
      await gate.stop();
    }
  }
}

function readingPaths(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8')) as AccessManifest;
  return Object.entries(manifest.files)
    .flatMap(([file, level]) => (level === 'reader' ? (routeOfPageFile(file) ?? []) : []))
    .slice(0, 24);
}

async function throughputRows() {
  const gate = await startGate();
  const cookie = await readerCookie();
  const pages = readingPaths().map((p) => ({
    path: p,
    method: 'GET' as const,
    headers: { cookie, 'accept-encoding': 'br, gzip', accept: 'text/html' },
  }));
  // Two measures: req/s as a client sees it (bounded by the load generator, which shares the two
  // cores), and requests per CPU-second of the gate process: its cost per request, whoever is busier.
  const run = async (requests: autocannon.Request[]) => {
    const cpuBefore = gate.cpuSeconds();
    const result = await autocannon({ url: gate.origin, connections: 16, duration: SECONDS, requests, workers: 1 });
    const cpu = gate.cpuSeconds() - cpuBefore;
    return { rps: result.requests.average, perCpu: result.requests.total / Math.max(cpu, 0.01), non2xx: result.non2xx };
  };
  const floor: number[] = [];
  const reading: number[] = [];
  const floorCpu: number[] = [];
  const readingCpu: number[] = [];
  let failures = 0;
  console.log(
    `\n2. Throughput: a signed-in reader's pages against anonymous /healthz (${ROUNDS} rounds × ${SECONDS} s)\n`,
  );
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const health = await run([{ path: '/healthz', method: 'GET' }]);
      const read = await run(pages);
      floor.push(health.rps);
      reading.push(read.rps);
      floorCpu.push(health.perCpu);
      readingCpu.push(read.perCpu);
      failures += read.non2xx + health.non2xx;
    }
  } finally {
    await gate.stop();
  }
  console.log('| load | req/s (median) | requests per gate CPU-second (median) |');
  console.log('|---|---|---|');
  console.log(`| anonymous /healthz (floor) | ${median(floor).toFixed(0)} | ${median(floorCpu).toFixed(0)} |`);
  console.log(
    `| signed-in reader, ${pages.length} pages, br | ${median(reading).toFixed(0)} | ${median(readingCpu).toFixed(0)} |`,
  );
  console.log(
    `\nratio reader/floor: ${(median(reading) / median(floor)).toFixed(2)}× in req/s, ${(median(readingCpu) / median(floorCpu)).toFixed(2)}× per gate CPU-second (goal ≥ 0.6×)`,
  );
  if (failures > 0) console.log(`note: ${failures} responses were not 2xx`);
}

/** DocSearch's modal body for a reader typing "publish environment" (e2e search-wire.spec.ts). */
const VICTIM_BODY = JSON.stringify({
  requests: [
    {
      query: 'publish environment',
      indexName: PORTAL_DEFAULTS.search.indexName,
      attributesToRetrieve: [
        ...['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((level) => `hierarchy.${level}`),
        'content',
        'type',
        'url',
      ],
      attributesToSnippet: [
        ...['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((level) => `hierarchy.${level}:10`),
        'content:10',
      ],
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      hitsPerPage: 20,
      clickAnalytics: false,
      facetFilters: [
        'language:en',
        ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current', 'docusaurus_tag:docs-on-prem-current'],
      ],
    },
  ],
});

const ATTACKS: [string, AttackKind, number][] = [
  [`search flood: ${ATTACKERS} readers, heaviest search`, 'search', ATTACKERS],
  ['MCP batch: 3 token holders, 100 list_sections per POST', 'mcp', 3],
  [`many sessions, one account: ${ATTACKERS} sessions, heaviest search`, 'sessions', ATTACKERS],
];

/** The victim and /healthz together, as each sees the gate: the same conditions idle and attacked. */
async function probeBoth(origin: string, victim: Target) {
  const [health, search] = await Promise.all([probe(origin, SECONDS), probe(origin, SECONDS, victim, 200)]);
  return { health, search };
}

async function attackRows() {
  console.log(
    `\n3. Another reader's search (DocSearch modal, "publish environment", ~4/s) and /healthz, idle, then under each attack (${SECONDS} s each, limits as shipped, a new gate per attack)\n`,
  );
  console.log(
    '| attack | /healthz p50 / p95 ms, idle → attacked | victim search p50 / p95 ms, idle → attacked | victim p95 attacked / idle | victim answers, idle → attacked | attack answers | goal met |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, kind, clients] of ATTACKS) {
    const gate = await startGate();
    try {
      const victim: Target = {
        path: '/1/indexes/*/queries',
        method: 'POST',
        // text/plain, as the modal sends it (no CORS preflight).
        headers: { cookie: await readerCookie(), 'content-type': 'text/plain' },
        body: VICTIM_BODY,
      };
      // A fresh gate: its first searches pay for the JIT, not for any attack.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; i < 5; i++) await ask(gate.origin, victim, agent);
      agent.destroy();
      const idle = await probeBoth(gate.origin, victim);
      const { measured, attackStatuses, attackBytes } = await underAttack(gate.origin, kind, clients, () =>
        probeBoth(gate.origin, victim),
      );
      const { health, search } = measured;
      const healthNote = (p: Probe) =>
        Object.keys(p.statuses).some((s) => s !== '200') ? ` (${answers(p.statuses)})` : '';
      const met = search.p95 <= 3 * idle.search.p95 && !search.statuses[503] && !idle.search.statuses[503];
      console.log(
        `| ${name} | ${pair(idle.health)}${healthNote(idle.health)} → ${pair(health)}${healthNote(health)} | ${pair(idle.search)} → ${pair(search)} | ${ratio(search, idle.search)} | ${answers(idle.search.statuses)} → ${answers(search.statuses)} | ${answers(attackStatuses)}; ${(attackBytes / 1e6).toFixed(0)} MB | ${met ? 'yes' : 'no'} |`,
      );
    } finally {
      await gate.stop();
    }
  }
  console.log('\ngoal: victim search p95 attacked ≤ 3× idle, and no 503 for the victim');
}

const PARTS = ['stall', 'throughput', 'attacks'] as const;
const only = process.env.BENCH_PART;
if (only !== undefined && !PARTS.includes(only as (typeof PARTS)[number])) {
  console.error(`bench/hardening: BENCH_PART is one of ${PARTS.join(', ')}`);
  process.exit(1);
}
if (!only || only === 'stall') await stallRows();
if (!only || only === 'throughput') await throughputRows();
if (!only || only === 'attacks') await attackRows();
