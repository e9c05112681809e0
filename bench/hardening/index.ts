/**
 * bench/hardening (issue 12), in one run:
 * 1. Stall: /healthz p50/p95 on an idle gate, then while 6 signed-in readers send the heaviest
 *    search body the endpoint accepts, back to back. Rows: search in worker threads (default) and
 *    on the event loop (SEARCH_WORKERS=0), each with the rate limits as shipped and with the heavy
 *    budget lifted (the pool alone). Ratio: p95 under attack / p95 idle; goal p95 ≤ 100 ms.
 * 2. Throughput: a signed-in reader reading pages against the gate's own anonymous /healthz floor
 *    (the cheapest answer the same process gives). Goal ≥ 0.6×.
 *
 *   npm run bench:hardening        (BENCH_SECONDS=5 per phase, BENCH_ROUNDS=3 for throughput)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE } from '@tala/policy';
import autocannon from 'autocannon';
import { median, percentile } from '../stats.ts';
import { readerCookie, startGate } from './gate.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ATTACKERS = 6;
const buildDir = path.resolve(import.meta.dirname, '../../site/build');
if (!existsSync(path.join(buildDir, ACCESS_MANIFEST_FILE))) {
  console.error('bench/hardening: no build at site/build; run `npm run build` first.');
  process.exit(1);
}

/** Sequential GET /healthz for `seconds`, one keep-alive connection: the latency a load balancer sees. */
async function probeHealth(origin: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    const status = await new Promise<number>((resolve) => {
      get(`${origin}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', () => resolve(0));
    });
    latencies.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
    // 20 probes a second: a prober, not a load of its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), n: latencies.length, statuses };
}

async function underAttack(origin: string) {
  const attack: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'attack.ts'), origin, String(ATTACKERS)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  attack.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  // Let the attack reach its steady state (sessions sealed, workers busy) before probing.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const health = await probeHealth(origin, SECONDS);
  attack.kill('SIGTERM');
  await once(attack, 'exit');
  return { health, attackStatuses: out ? (JSON.parse(out) as Record<string, number>) : {} };
}

const ms = (value: number) => value.toFixed(1);

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
      const idle = await probeHealth(gate.origin, SECONDS);
      const { health, attackStatuses } = await underAttack(gate.origin);
      const answers = Object.entries(attackStatuses)
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ');
      console.log(
        `| ${name} | ${ms(idle.p50)} / ${ms(idle.p95)} | ${ms(health.p50)} / ${ms(health.p95)} | ${(health.p95 / Math.max(idle.p95, 0.1)).toFixed(1)}× | ${answers} |`,
      );
    } finally {
      await gate.stop();
    }
  }
}

function readingPaths(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8')) as {
    files: Record<string, string>;
  };
  return Object.entries(manifest.files)
    .filter(([file, level]) => file.endsWith('index.html') && level === 'reader')
    .slice(0, 24)
    .map(([file]) => `/${file.replace(/index\.html$/, '')}`);
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

const only = process.env.BENCH_PART;
if (only !== 'throughput') await stallRows();
if (only !== 'stall') await throughputRows();
