/**
 * Rolling deploys without broken readers. While a rollout runs (minutes), a reader holds a page of
 * release N whose scripts load route chunks by their hashed names, and the load balancer may send
 * those requests to a replica of release N+1. This copies release N's hashed assets (and their
 * .br/.gz) into N+1's build, with the levels N's manifest gave them, so any replica answers both:
 * no failed chunk, no "This page crashed", no reload. One release back only: assets N carried from
 * N−1 are not carried again (`carried` in the manifest). Pages, Markdown, search records and
 * everything not named by its hash stay N+1's own.
 *
 * Carried assets keep N's levels, so content that N+1 moves into on-prem stays readable as N served
 * it until the next release; deploy without carrying to withdraw something at once.
 *
 *   node deploy/carry-assets.ts PREVIOUS_BUILD_DIR BUILD_DIR     (the Containerfile runs it)
 */

import { mkdirSync } from 'node:fs';
import { copyFile, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE, type AccessLevel, type AccessManifest, isHashedAsset } from '@tala/policy';

async function readManifest(buildDir: string): Promise<AccessManifest | null> {
  const text = await readFile(path.join(buildDir, ACCESS_MANIFEST_FILE), 'utf8').catch(() => null);
  return text === null ? null : (JSON.parse(text) as AccessManifest);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Copies what the previous build can give; returns the files carried (none without a previous build). */
export async function carryAssets(previousDir: string, buildDir: string): Promise<string[]> {
  const current = await readManifest(buildDir);
  if (current === null) throw new Error(`${buildDir} has no ${ACCESS_MANIFEST_FILE}: build the site first.`);
  const previous = await readManifest(previousDir);
  if (previous === null) return [];
  const alreadyCarried = new Set(previous.carried ?? []);
  const added: Record<string, AccessLevel> = {};
  for (const [file, level] of Object.entries(previous.files)) {
    if (!isHashedAsset(file) || alreadyCarried.has(file) || file in current.files) continue;
    mkdirSync(path.dirname(path.join(buildDir, file)), { recursive: true });
    for (const suffix of ['', '.br', '.gz']) {
      const from = path.join(previousDir, file + suffix);
      if (await exists(from)) await copyFile(from, path.join(buildDir, file + suffix));
    }
    added[file] = level;
  }
  const carried = [...new Set([...(current.carried ?? []), ...Object.keys(added)])].sort();
  const manifest: AccessManifest = { ...current, files: { ...current.files, ...added }, carried };
  // A new file renamed over the old: never a half-written manifest, never a change through a hard link.
  const target = path.join(buildDir, ACCESS_MANIFEST_FILE);
  await writeFile(`${target}.tmp`, JSON.stringify(manifest));
  await rename(`${target}.tmp`, target);
  return Object.keys(added);
}

if (import.meta.main) {
  const [previousDir, buildDir] = process.argv.slice(2);
  if (!previousDir || !buildDir) {
    console.error('usage: node deploy/carry-assets.ts PREVIOUS_BUILD_DIR BUILD_DIR');
    process.exit(2);
  }
  const carried = await carryAssets(previousDir, buildDir);
  console.log(`carry-assets: ${carried.length} hashed assets of ${previousDir} kept in ${buildDir}`);
}
