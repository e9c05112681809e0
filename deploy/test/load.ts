import { existsSync, readFileSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE, type AccessManifest, isPageFile, routeOfPageFile } from '@tala/policy';
import { send } from './http.ts';

export interface Target {
  url: string;
  /** `br` when the build has a precompressed copy, which the gate sends to a browser. */
  encoding: 'br' | null;
  /** Size of what the gate sends: a response of another length was cut off or is not that file. */
  size: number;
}

/** What a browser asks for: the gate then sends the build's precompressed `.br` files. */
export const BROWSER_ENCODINGS = 'br, gzip';

/**
 * Pages and assets a reader may read, from the build's access manifest, spread over the build;
 * only those whose response (as a browser receives it, compressed) is at most `maxBytes`.
 */
export function readerTargets(buildDir: string, perKind: number, maxBytes: number): Target[] {
  const manifest = JSON.parse(readFileSync(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8')) as AccessManifest;
  const served = (file: string): Target => {
    const br = path.join(buildDir, `${file}.br`);
    return {
      // A page is requested at its route, as a browser asks for it; any other file by its name.
      url: routeOfPageFile(file) ?? `/${file}`,
      encoding: existsSync(br) ? 'br' : null,
      size: statSync(existsSync(br) ? br : path.join(buildDir, file)).size,
    };
  };
  const readable = Object.entries(manifest.files)
    .filter(([, level]) => level === 'public' || level === 'reader')
    .map(([file]) => file)
    .sort();
  const spread = (files: string[]) =>
    files
      .map(served)
      .filter((target) => target.size <= maxBytes)
      .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / perKind)) === 0);
  return [...spread(readable.filter(isPageFile)), ...spread(readable.filter((file) => file.startsWith('assets/')))];
}

export interface LoadOptions {
  origin: string;
  headers: Record<string, string>;
  targets: Target[];
  total: number;
  concurrency: number;
  /** Called once when this many requests have completed (e.g. to kill a replica under load). */
  midway: { after: number; action: () => Promise<void> };
}

/** GETs `total` targets with `concurrency` clients; returns every read that was not a full 200. */
export async function readUnderLoad({ origin, headers, targets, total, concurrency, midway }: LoadOptions) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const failures: string[] = [];
  let next = 0;
  let done = 0;
  let action: Promise<void> | null = null;
  const client = async () => {
    while (next < total) {
      const target = targets[next++ % targets.length] as Target;
      try {
        const reply = await send(`${origin}${target.url}`, {
          headers: { ...headers, 'accept-encoding': BROWSER_ENCODINGS },
          agent,
        });
        const encoding = reply.headers['content-encoding'] ?? null;
        if (reply.status !== 200 || reply.body.length !== target.size || encoding !== target.encoding) {
          failures.push(`${target.url}: ${reply.status}, ${reply.body.length} of ${target.size} bytes, ${encoding}`);
        }
      } catch (error) {
        failures.push(`${target.url}: ${(error as Error).message}`);
      }
      // Recorded as a failure rather than left to reject unobserved while the clients go on.
      if (++done === midway.after) action = midway.action().catch((error) => void failures.push(`midway: ${error}`));
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  await action;
  agent.destroy();
  return { failures, done, ms: Date.now() - started };
}
