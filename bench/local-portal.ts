import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The portal as the benches that load pages in a browser serve it: the real gate on loopback,
 * without sign-in (page weight and markup are measured, not the session) and without load shedding.
 *
 * The gate runs in a process of its own, as it does in production and as nginx serves the stock
 * sites beside it. In the bench's own process it shared an event loop and a heap with Lighthouse,
 * whose trace processing and garbage collection can delay the gate's responses, and Lighthouse's
 * simulation takes observed server times into its timeline. There, the portal measured worse when
 * it ran first in a round (bench:pages, 5 rounds: 7 of 8 such runs above its median; in
 * its own process, 3 of 8).
 */
export interface LocalPortal {
  origin: string;
  close(): Promise<void>;
}

/**
 * A path given on the command line, from the directory the command was typed in: npm runs a
 * workspace's script in the workspace (bench/), and sets INIT_CWD to where npm was started.
 */
export const fromWhereRun = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export async function startLocalPortal(buildDir: string, port = 0): Promise<LocalPortal> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'local-portal-server.ts'), fromWhereRun(buildDir), String(port)],
    // stdin is the child's lifeline: it closes when this process ends, even by a crash.
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the local gate exited (${code}) before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(line.trim()));
  });
  return {
    origin,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
