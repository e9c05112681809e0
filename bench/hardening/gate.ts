import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ROLES } from '@tala/policy';
import { SessionCodec } from '@tala/server/src/auth/session-cookie.ts';

/** A gate as deployed: its own process, the real build, OIDC sessions (cookies sealed here). */
export const SESSION_SECRET = 'bench-secret-bench-secret-bench-secret-0001';
const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export interface Gate {
  origin: string;
  /** The gate's process id (bench/scale reads its memory from /proc). */
  pid: number;
  /** CPU seconds the gate process has used so far (user + system, all its threads), from /proc. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** `nodeArgs`: e.g. `--cpu-prof` to see where a gate's time goes under a bench's load. */
export async function startGate(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Gate> {
  const port = await freePort();
  // As the image runs it (Node's own type stripping, no tsx): start-up and memory are the deployed gate's.
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEV_IDP_PORT: '0',
      SESSION_SECRETS: SESSION_SECRET,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gate exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the gate did not answer /healthz within 30 s');
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    pid: child.pid as number,
    cpuSeconds: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/**
 * A signed-in reader's cookie, as /auth/callback would set it (each call: a new session). `sub`: the
 * account, for several sessions of one person (each sign-in in another browser); else a new one.
 */
export async function readerCookie(onprem = false, sub = `bench-${crypto.randomUUID()}`): Promise<string> {
  const codec = new SessionCodec({
    secrets: [SESSION_SECRET],
    maxAge: 8 * 3600,
    idleTimeout: 3600,
    roleTtl: 3600,
    secure: false,
  });
  const now = Math.floor(Date.now() / 1000);
  const value = await codec.seal({
    sid: crypto.randomUUID(),
    sub,
    name: 'Bench Reader',
    username: null,
    roles: onprem ? [ROLES.reader, ROLES.onprem] : [ROLES.reader],
    authTime: now,
    lastSeen: now,
    rolesAt: now,
  });
  return `tala_session=${value}`;
}
