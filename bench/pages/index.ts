/**
 * bench/pages: how heavy the portal's pages are against stock Docusaurus, in one run on
 * this machine. Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4× CPU slowdown)
 * with Debian's Chromium, on matching pages of four templates, for three sites served side by side:
 * - the portal, through the gate (SKIP_AUTHENTICATION: the page weight is what is measured);
 * - a stock Docusaurus site of the same size made from the portal's content, served by nginx;
 * - the stock classic template (13 pages), served by nginx.
 * Lighthouse's accessibility score is taken from the same runs.
 * Rounds are interleaved (site by site within each template) to spread machine noise; the table
 * gives medians and the portal's ratios. Nothing here is asserted by a test.
 *
 *   npm run bench:pages                         (3 rounds)
 *   BENCH_ROUNDS=5 npm run bench:pages
 *   BENCH_COMPARE_BUILD=/tmp/before npm run bench:pages   (one more site: another portal build,
 *       e.g. the build before a change, through its own gate: a change measured against its
 *       baseline in the same run, since single runs of the same build vary by ±40 % TBT)
 *   BENCH_TEMPLATES="guide,long reference" npm run bench:pages   (some templates only)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE } from '@tala/policy';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts';
import { lighthouseRun } from '../lighthouse-run.ts';
import { fromWhereRun, startLocalPortal } from '../local-portal.ts';
import { median } from '../stats.ts';
import { stockSites } from './stock-sites.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const root = path.resolve(import.meta.dirname, '../..');
const portalBuild = path.join(root, 'site/build');
const compareBuild = process.env.BENCH_COMPARE_BUILD ? fromWhereRun(process.env.BENCH_COMPARE_BUILD) : null;
const workDir = path.join(root, 'bench/results/pages');

/** The page of each template on each site (the tiny site's nearest equivalents). */
const TEMPLATES: { name: string; portal: string; sameSize: string; tiny: string }[] = [
  { name: 'guide', portal: '/studio/deploy/', sameSize: '/docs/studio/deploy/', tiny: '/docs/intro' },
  {
    name: 'API operation',
    portal: '/reference/apis/studio/publish-environments/publish/',
    sameSize: '/docs/reference/apis/studio/publish-environments/publish/',
    tiny: '/docs/tutorial-basics/create-a-document',
  },
  {
    name: 'long reference',
    portal: '/reference/tala-programming/tql-manual/',
    sameSize: '/docs/reference/tala-programming/tql-manual/',
    tiny: '/docs/tutorial-basics/markdown-features',
  },
  {
    name: 'category index',
    portal: '/category/studio/',
    sameSize: '/docs/category/studio',
    tiny: '/docs/category/tutorial---basics',
  },
];

interface Sample {
  score: number;
  tbt: number;
  lcp: number;
  bytes: number;
}

/** nginx serving both stock builds (gzip on, as a static host would), unprivileged, in workDir. */
function startNginx(sites: { port: number; dir: string }[]): () => void {
  const dir = path.join(workDir, 'nginx');
  mkdirSync(dir, { recursive: true });
  const servers = sites.map(
    ({ port, dir: siteDir }) => `  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    location / { try_files $uri $uri/ $uri.html $uri/index.html =404; }
  }`,
  );
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (n) => `  ${n}_temp_path ${path.join(dir, n)};`,
  );
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
${temp.join('\n')}
  access_log off;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml text/xml;
${servers.join('\n')}
}
`,
  );
  const nginx = spawn('/usr/sbin/nginx', ['-c', config, '-p', dir], { stdio: 'inherit' });
  return () => nginx.kill('SIGTERM');
}

/** Accessibility in its own run: axe's work would otherwise land in the performance trace. */
async function accessibilityScore(port: number, url: string): Promise<number> {
  const lhr = await lighthouseRun(port, url, 'accessibility');
  return Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
}

async function measure(port: number, url: string): Promise<Sample> {
  const lhr = await lighthouseRun(port, url, 'performance');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    bytes: lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
  };
}

if (!existsSync(path.join(portalBuild, ACCESS_MANIFEST_FILE))) {
  console.error('bench/pages: no build at site/build; run `npm run build` first.');
  process.exit(1);
}
if (compareBuild && !existsSync(path.join(compareBuild, ACCESS_MANIFEST_FILE))) {
  console.error(`bench/pages: BENCH_COMPARE_BUILD=${compareBuild} is not a portal build (no access manifest).`);
  process.exit(1);
}
const only = process.env.BENCH_TEMPLATES?.split(',').map((name) => name.trim());
const templates = TEMPLATES.filter((t) => !only || only.includes(t.name));
if (templates.length === 0) {
  console.error(`bench/pages: BENCH_TEMPLATES names none of: ${TEMPLATES.map((t) => t.name).join(', ')}.`);
  process.exit(1);
}
if (spawnSync('/usr/sbin/nginx', ['-v']).status !== 0) {
  console.error('bench/pages: needs nginx (apt-get install nginx).');
  process.exit(1);
}
mkdirSync(workDir, { recursive: true });
const [tiny, sameSize] = stockSites(workDir, portalBuild);
const ports = { portal: 3300, sameSize: 3301, tiny: 3302, compare: 3303 };
const stopNginx = startNginx([
  { port: ports.sameSize, dir: sameSize?.buildDir as string },
  { port: ports.tiny, dir: tiny?.buildDir as string },
]);
const gate = await startLocalPortal(portalBuild, ports.portal);
const compareGate = compareBuild ? await startLocalPortal(compareBuild, ports.compare) : null;
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
// Stopped by a signal (Ctrl+C, a timeout), the bench takes nginx and Chromium with it; the gates
// end on their own when this process does (bench/local-portal.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    chrome.kill();
    stopNginx();
    process.exit(130);
  });
}

const sites = [
  { key: 'portal', label: 'portal', port: ports.portal, path: (t: (typeof TEMPLATES)[number]) => t.portal },
  {
    key: 'sameSize',
    label: 'stock, same size',
    port: ports.sameSize,
    path: (t: (typeof TEMPLATES)[number]) => t.sameSize,
  },
  { key: 'tiny', label: 'stock, 13 pages', port: ports.tiny, path: (t: (typeof TEMPLATES)[number]) => t.tiny },
  ...(compareBuild
    ? [
        {
          key: 'compare',
          label: `portal, ${path.basename(compareBuild)}`,
          port: ports.compare,
          path: (t: (typeof TEMPLATES)[number]) => t.portal,
        },
      ]
    : []),
];
const samples = new Map<string, Sample[]>();
const accessibility = new Map<string, number>();
try {
  for (let round = 1; round <= ROUNDS; round++) {
    // Each round starts from another site, so that no site always runs first or last in a round
    // (the machine's warm-up and drift would then favour one of them).
    const order = sites.map((_, index) => sites[(index + round - 1) % sites.length] as (typeof sites)[number]);
    for (const template of templates) {
      for (const site of order) {
        const url = `http://127.0.0.1:${site.port}${site.path(template)}`;
        const sample = await measure(chrome.port, url);
        const key = `${template.name}|${site.key}`;
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        console.log(`round ${round} ${template.name} ${site.label}: ${sample.score}, TBT ${Math.round(sample.tbt)} ms`);
      }
    }
  }
  for (const template of templates) {
    for (const site of sites) {
      const score = await accessibilityScore(chrome.port, `http://127.0.0.1:${site.port}${site.path(template)}`);
      accessibility.set(`${template.name}|${site.key}`, score);
    }
  }
} finally {
  await chrome.kill();
  await gate.close();
  await compareGate?.close();
  stopNginx();
}

const fmt = (n: number, digits = 0) => n.toFixed(digits);
console.log(
  `\nLighthouse mobile, medians of ${ROUNDS} interleaved rounds (performance score, TBT ms, LCP ms, KB transferred; accessibility score from one separate run)`,
);
console.log('| template | site | score | TBT | LCP | KB | a11y | TBT ours/stock |');
console.log('|---|---|---|---|---|---|---|---|');
/** The median over the rounds of one measure of one site on one template. */
const medianOf = (template: string, key: string, pick: (s: Sample) => number) =>
  median((samples.get(`${template}|${key}`) ?? []).map(pick));
for (const template of templates) {
  const of = (key: string, pick: (s: Sample) => number) => medianOf(template.name, key, pick);
  for (const site of sites) {
    const ratio =
      site.key === 'portal'
        ? ''
        : fmt(
            of('portal', (s) => s.tbt) /
              Math.max(
                1,
                of(site.key, (s) => s.tbt),
              ),
            2,
          );
    console.log(
      `| ${template.name} | ${site.label} | ${fmt(of(site.key, (s) => s.score))} | ${fmt(of(site.key, (s) => s.tbt))} | ${fmt(of(site.key, (s) => s.lcp))} | ${fmt(of(site.key, (s) => s.bytes) / 1024)} | ${accessibility.get(`${template.name}|${site.key}`) ?? ''} | ${ratio} |`,
    );
  }
}

// The issue's two targets, per template, with the 13-page site's own TBT ratio beside the portal's:
// how light a one-screen page of a tiny site is against the same-size site, for scale.
console.log("\nTargets: score at least the 13-page site's; TBT at most 0.5 × the same-size site's");
console.log('| template | score portal / 13 pages | TBT portal / same size | TBT 13 pages / same size |');
console.log('|---|---|---|---|');
for (const template of templates) {
  const of = (key: string, pick: (s: Sample) => number) => medianOf(template.name, key, pick);
  const sameSizeTbt = Math.max(
    1,
    of('sameSize', (s) => s.tbt),
  );
  const tbtRatio = (key: string) => of(key, (s) => s.tbt) / sameSizeTbt;
  const scores = `${fmt(of('portal', (s) => s.score))} / ${fmt(of('tiny', (s) => s.score))}`;
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  console.log(
    `| ${template.name} | ${scores} ${met(of('portal', (s) => s.score) >= of('tiny', (s) => s.score))} | ${fmt(tbtRatio('portal'), 2)} ${met(tbtRatio('portal') <= 0.5)} | ${fmt(tbtRatio('tiny'), 2)} |`,
  );
}
