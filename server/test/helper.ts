import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { gzipSync } from 'node:zlib';
import { ACCESS_MANIFEST_FILE, type AccessLevel, type Identity, ROLES } from '@tala/policy';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { IdentityResolver } from '../src/auth/identity.ts';
import { type GateConfig, loadConfig } from '../src/config.ts';
import type { Tracing } from '../src/ops/tracing.ts';

/** A small build directory with a manifest: the gate's behaviour does not depend on Docusaurus. */
const FILES: Record<string, [AccessLevel, string]> = {
  'index.html': ['reader', '<h1>Home page</h1>'],
  'Login/index.html': ['public', '<h1>Documentation</h1><button>Login</button>'],
  '403/index.html': ['reader', '<h1>You need access</h1>'],
  '404.html': ['reader', '<h1>Page Not Found</h1>'],
  'studio/build/index.html': ['reader', '<h1>Build a solution</h1>'],
  'on-prem/overview/index.html': ['onprem', '<h1>On-premises overview</h1> ONPREM-SECRET'],
  'on-prem/category/common/index.html': ['onprem', '<h1>Common</h1>'],
  'assets/js/main.0123abcd.js': ['public', 'console.log("main")'],
  'assets/js/doc.89abcdef.js': ['reader', 'console.log("doc")'],
  'assets/js/onprem.fedcba98.js': ['onprem', 'console.log("ONPREM-SECRET")'],
  'img/logo.svg': ['public', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
  'sitemap.xml': ['reader', '<urlset/>'],
  // Markdown of pages and the llms.txt pair (site/plugins/content/page-markdown): levels like their pages.
  'studio/build/index.md': ['reader', '# Build a solution\n'],
  'on-prem/overview/index.md': ['onprem', '# On-premises overview\n\nONPREM-SECRET\n'],
  'llms.txt': ['reader', '# Tala Docs\n\n## Tala Studio\n\n- [Build a solution](/studio/build/index.md)\n'],
  'on-prem/llms.txt': [
    'onprem',
    '# Tala Docs\n\n## Tala Studio\n\n- [Build a solution](/studio/build/index.md)\n\n## On-premises\n\n- [ONPREM-SECRET](/on-prem/overview/index.md)\n',
  ],
};
/** A file on disk that the manifest does not list: never served. */
const UNLISTED = 'assets/js/unlisted.11111111.js';

export const READER: Identity = { name: 'Ada Reader', roles: [ROLES.reader] };
export const ONPREM_ADMIN: Identity = { name: 'Olu Admin', roles: [ROLES.reader, ROLES.onprem] };

export function makeBuildDir(t: TestContext, extra: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tala-gate-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, AccessLevel> = {};
  for (const [name, [level, body]] of Object.entries({
    ...FILES,
    [UNLISTED]: ['onprem', 'x'] as [AccessLevel, string],
  })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    const html = name.endsWith('.html')
      ? `<!doctype html><html><body>${body.repeat(name === 'index.html' ? 200 : 1)}</body></html>`
      : body;
    writeFileSync(path.join(dir, name), html);
    if (name === 'index.html') writeFileSync(path.join(dir, `${name}.gz`), gzipSync(html));
    if (name !== UNLISTED) files[name] = level;
  }
  for (const [name, content] of Object.entries(extra)) writeFileSync(path.join(dir, name), content);
  writeFileSync(
    path.join(dir, ACCESS_MANIFEST_FILE),
    JSON.stringify({ version: 1, files, inlineScriptHashes: ["'sha256-abc='"] }),
  );
  return dir;
}

export interface GateOptions {
  identity?: Identity | null;
  env?: Record<string, string>;
  /** Extra files for the build directory (dotfiles such as the search records). */
  files?: Record<string, string>;
  /** Collects the gate's log lines (JSON, level info and above) instead of discarding them. */
  logLines?: string[];
  /** A started tracer (ops/tracing.ts), as server.ts passes it. */
  tracing?: Tracing | null;
}

export async function buildGate(t: TestContext, options: GateOptions = {}): Promise<FastifyInstance> {
  const config: GateConfig = loadConfig({
    BUILD_DIR: makeBuildDir(t, options.files),
    LOG_LEVEL: 'silent',
    // A configured provider that is never contacted by these tests (discovery is lazy).
    OIDC_ISSUER: 'https://idp.invalid',
    OIDC_CLIENT_ID: 'tala-docs-test',
    OIDC_CLIENT_SECRET: 'test-secret',
    // Load shedding answers 503 when this busy machine stalls the loop; tests of anything else must
    // not depend on that (operations.test.ts tests shedding itself).
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const identity: IdentityResolver | undefined =
    options.identity === undefined ? undefined : async () => options.identity as Identity | null;
  const lines = options.logLines;
  const logger = lines ? { level: 'info', stream: { write: (line: string) => lines.push(line) } } : false;
  const app = await buildApp({ config, identity, logger, tracing: options.tracing });
  t.after(() => app.close());
  return app;
}

export { UNLISTED };

/**
 * Runs the gate in its own process (`node [--import preload] server.ts`) with exactly `env`, sends
 * one SIGTERM once it listens (a second would mean "exit now"), and waits for it to exit.
 */
export async function runGateUntilListening(
  env: NodeJS.ProcessEnv,
  preload?: string,
): Promise<{ code: number | null; out: string; err: string }> {
  const server = path.resolve(import.meta.dirname, '../src/server.ts');
  const child = spawn(process.execPath, [...(preload ? ['--import', preload] : []), server], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let signalled = false;
  child.stdout.on('data', (chunk) => {
    out += chunk;
    if (!signalled && out.includes('Server listening')) {
      signalled = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out, err };
}
