import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';

/** A free loopback port per name, all held open at once so that no two names get the same port. */
export async function freePorts<Name extends string>(names: readonly Name[]): Promise<Record<Name, number>> {
  const servers: Server[] = [];
  try {
    const ports = {} as Record<Name, number>;
    for (const name of names) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      ports[name] = address.port;
    }
    return ports;
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A system program: the environment variable, else the first executable candidate, else PATH. */
export function findProgram(name: string, envVar: string, candidates: string[]): string {
  const explicit = process.env[envVar];
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const file of [...(explicit ? [explicit] : []), ...candidates, ...dirs.map((dir) => path.join(dir, name))]) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // next candidate
    }
  }
  throw new Error(`${name} is not installed (apt-get install ${name}; .ci/run installs it), or set ${envVar}.`);
}

const OUTPUT_LIMIT = 16_000;

/**
 * The child processes of one test file. Each runs in its own process group, so that killing the
 * group also ends what it started (nginx's workers); a synchronous `exit` handler kills whatever
 * is left if the test process ends without running its `after` hooks.
 */
export class Processes {
  private readonly children = new Map<string, ChildProcess>();
  private readonly output = new Map<string, string>();
  private readonly killSync = () => {
    for (const child of this.children.values()) killGroup(child, 'SIGKILL');
  };

  /** Interrupted (Ctrl-C, the runner's timeout): end the children, then die of the same signal. */
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.killSync();
    process.kill(process.pid, signal);
  };

  private readonly cwd: string;

  constructor(cwd: string) {
    this.cwd = cwd;
    process.on('exit', this.killSync);
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
  }

  start(name: string, command: string, args: string[], env: Record<string, string>): ChildProcess {
    const child = spawn(command, args, { cwd: this.cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.set(name, child);
    this.output.set(name, '');
    const keep = (chunk: Buffer) =>
      this.output.set(name, (this.output.get(name) + chunk.toString()).slice(-OUTPUT_LIMIT));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (error) => keep(Buffer.from(`\nspawn failed: ${error.message}\n`)));
    return child;
  }

  /** The last output of a process and how it ended, for failure messages. */
  describe(name: string): string {
    const child = this.children.get(name);
    const ended = child && child.exitCode === null && child.signalCode === null ? 'running' : 'exited';
    return `${name} (${ended}, code ${child?.exitCode}, signal ${child?.signalCode}):\n${this.output.get(name) ?? ''}`;
  }

  exited(name: string): boolean {
    const child = this.children.get(name);
    return child === undefined || child.exitCode !== null || child.signalCode !== null;
  }

  /** Kills a process (its whole group) and waits until it is gone, at most 5 s. */
  async kill(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.children.get(name);
    if (child === undefined || this.exited(name)) return;
    let timer: NodeJS.Timeout | undefined;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    killGroup(child, signal);
    await Promise.race([gone, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.children.keys()].map((name) => this.kill(name)));
    process.off('exit', this.killSync);
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Polls `probe` until it returns true. Fails at the deadline, or at once when the process it
 * waits for has exited (with that process's output: the reason is usually in it).
 */
export async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  { processes, name, timeoutMs = 20_000 }: { processes: Processes; name: string; timeoutMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (processes.exited(name)) throw new Error(`${what}: the process exited.\n${processes.describe(name)}`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms.\n${processes.describe(name)}`);
}

/** Whether a Redis server answers PING on this port. */
export function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.end();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}
