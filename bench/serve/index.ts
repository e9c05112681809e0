/**
 * bench/serve: the cost of the gate. Serves the same build through the gate server (access check,
 * path normalisation, security headers) and through a plain @fastify/static server with no checks,
 * then loads both in one run with the same bounded autocannon load, alternating rounds to spread
 * machine noise. Prints req/s and p99 latency for each and the gate/plain ratio.
 *
 *   npm run bench:serve                  (5 s per round, 3 rounds, 16 connections)
 *   BENCH_SECONDS=10 BENCH_ROUNDS=5 npm run bench:serve
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ACCESS_MANIFEST_FILE, type AccessManifest, routeOfPageFile } from '@tala/policy';
import { buildApp } from '@tala/server/src/app.ts';
import { loadConfig } from '@tala/server/src/config.ts';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { median } from '../stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

const buildDir = path.resolve(import.meta.dirname, '../../site/build');
if (!existsSync(path.join(buildDir, ACCESS_MANIFEST_FILE))) {
  console.error('bench/serve: no build at site/build; run `npm run build` first.');
  process.exit(1);
}

/** A reading mix: pages, the JS and CSS they load, and an image. */
function requestMix(): { path: string; headers: Record<string, string> }[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8')) as AccessManifest;
  const files = Object.keys(manifest.files);
  const pages = files.flatMap((f) => routeOfPageFile(f) ?? []).slice(0, 12);
  const assets = files
    .filter((f) => /^assets\/(js|css)\//.test(f))
    .slice(0, 12)
    .map((f) => `/${f}`);
  const images = files.filter((f) => f.startsWith('img/')).map((f) => `/${f}`);
  const headers = { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' };
  return [...pages, ...assets, ...images].map((p) => ({ path: p, method: 'GET', headers }));
}

async function gateServer(): Promise<FastifyInstance> {
  const config = loadConfig({ BUILD_DIR: buildDir, SKIP_AUTHENTICATION: 'true', LOG_LEVEL: 'silent' });
  return buildApp({ config, logger: false });
}

async function plainServer(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: buildDir, preCompressed: true });
  return app;
}

interface Result {
  rps: number;
  p99: number;
  non2xx: number;
}

async function load(url: string, requests: ReturnType<typeof requestMix>): Promise<Result> {
  // The load generator runs in a worker thread, so that it does not share the servers' event loop.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests, workers: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

async function main(): Promise<void> {
  const requests = requestMix();
  const servers = { gate: await gateServer(), plain: await plainServer() };
  const urls = {
    gate: await servers.gate.listen({ host: '127.0.0.1', port: 0 }),
    plain: await servers.plain.listen({ host: '127.0.0.1', port: 0 }),
  };
  const results: Record<'gate' | 'plain', Result[]> = { gate: [], plain: [] };
  console.log(
    `bench/serve: ${requests.length} paths, ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s each`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['plain', 'gate'] as const) : (['gate', 'plain'] as const);
    for (const name of order) {
      const r = await load(urls[name], requests);
      results[name].push(r);
      console.log(
        `  round ${round + 1} ${name.padEnd(5)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${r.p99} ms  non-2xx ${r.non2xx}`,
      );
    }
  }
  const summary = (name: 'gate' | 'plain') => ({
    rps: median(results[name].map((r) => r.rps)),
    p99: median(results[name].map((r) => r.p99)),
  });
  const gate = summary('gate');
  const plain = summary('plain');
  console.log('\n| server | req/s (median) | p99 ms (median) |');
  console.log('|---|---|---|');
  console.log(`| plain @fastify/static | ${plain.rps.toFixed(0)} | ${plain.p99} |`);
  console.log(`| gate | ${gate.rps.toFixed(0)} | ${gate.p99} |`);
  console.log(
    `\nratio gate/plain: throughput ${(gate.rps / plain.rps).toFixed(2)}, p99 ${(gate.p99 / Math.max(plain.p99, 1)).toFixed(2)}`,
  );
  if (results.gate.some((r) => r.non2xx > 0) || results.plain.some((r) => r.non2xx > 0)) {
    console.log('note: some responses were not 2xx (redirects count as non-2xx)');
  }
  await Promise.all([servers.gate.close(), servers.plain.close()]);
}

await main();
