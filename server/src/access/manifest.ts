import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCESS_MANIFEST_FILE, type AccessLevel, type AccessManifest, isAccessLevel } from '@tala/policy';
import { ConfigError } from '../errors.ts';

/** The access manifest, with a case-insensitive index for path normalisation. */
export interface LoadedManifest {
  readonly files: ReadonlyMap<string, AccessLevel>;
  /** Lower-cased path → the path as built (for case normalisation). */
  readonly canonical: ReadonlyMap<string, string>;
  readonly inlineScriptHashes: readonly string[];
}

export async function loadManifest(buildDir: string): Promise<LoadedManifest> {
  const file = path.join(buildDir, ACCESS_MANIFEST_FILE);
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new ConfigError(
      `No access manifest at ${file}. Build the site first (npm run build), or set BUILD_DIR to a built portal.`,
    );
  }
  let manifest: AccessManifest;
  try {
    manifest = JSON.parse(raw) as AccessManifest;
  } catch (error) {
    throw new ConfigError(`The access manifest ${file} is not valid JSON; rebuild the site.`, { cause: error });
  }
  if (manifest.version !== 1 || typeof manifest.files !== 'object' || !Array.isArray(manifest.inlineScriptHashes)) {
    throw new ConfigError(`The access manifest ${file} has an unknown format; rebuild the site.`);
  }
  const files = new Map<string, AccessLevel>();
  const canonical = new Map<string, string>();
  for (const [name, level] of Object.entries(manifest.files)) {
    if (!isAccessLevel(level)) throw new ConfigError(`The access manifest gives ${name} an unknown level "${level}".`);
    files.set(name, level);
    canonical.set(name.toLowerCase(), name);
  }
  return { files, canonical, inlineScriptHashes: manifest.inlineScriptHashes };
}
