import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE, type AccessLevel, type AccessManifest, isHashedAsset } from '@tala/policy';

const HASH = /\.([0-9a-f]{8})\.\w+$/;

/** Replaces a file's content without writing through a hard link to the build it was copied from. */
function replaceFile(file: string, content: string): void {
  rmSync(file);
  writeFileSync(file, content);
}

/**
 * Release N+1 made from release N for the rolling-deploy test, without a second site build: a copy
 * of N (hard links) in which every hashed asset has a new hash — in its name and everywhere a page,
 * a script or the manifest names it — and no precompressed copy of a changed file. A real release
 * changes the hashes of the chunks whose content changed; this changes all of them, the worst case
 * for a reader still on N.
 */
export function nextRelease(buildDir: string, to: string): { renamed: number } {
  const copied = spawnSync('cp', ['-al', buildDir, to]);
  if (copied.status !== 0) throw new Error(`cp -al ${buildDir} ${to}: ${copied.stderr}`);
  const manifest = JSON.parse(readFileSync(path.join(to, ACCESS_MANIFEST_FILE), 'utf8')) as AccessManifest;
  const newHash = new Map<string, string>();
  for (const file of Object.keys(manifest.files)) {
    const hash = isHashedAsset(file) ? HASH.exec(file)?.[1] : undefined;
    if (hash) newHash.set(hash, createHash('sha256').update(`next:${hash}`).digest('hex').slice(0, 8));
  }
  const rehash = (text: string) => text.replace(/\b[0-9a-f]{8}\b/g, (token) => newHash.get(token) ?? token);

  const files: Record<string, AccessLevel> = {};
  for (const [file, level] of Object.entries(manifest.files)) {
    const full = path.join(to, file);
    if (/\.(html|js|css|json|txt|md|xml)$/.test(file)) {
      const text = readFileSync(full, 'utf8');
      const changed = rehash(text);
      if (changed !== text) {
        replaceFile(full, changed);
        for (const suffix of ['.br', '.gz']) if (existsSync(full + suffix)) rmSync(full + suffix);
      }
    }
    const renamed = isHashedAsset(file) ? rehash(file) : file;
    if (renamed !== file) {
      renameSync(full, path.join(to, renamed));
      for (const suffix of ['.br', '.gz']) if (existsSync(full + suffix)) rmSync(full + suffix);
    }
    files[renamed] = level;
  }
  rmSync(path.join(to, ACCESS_MANIFEST_FILE));
  writeFileSync(path.join(to, ACCESS_MANIFEST_FILE), JSON.stringify({ ...manifest, files }));
  // Dotfiles the gate reads (search records) name pages, not assets: they stay as they are.
  return { renamed: newHash.size };
}
