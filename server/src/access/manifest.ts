import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ACCESS_MANIFEST_FILE,
  type AccessLevel,
  type AccessManifest,
  type BuildFiles,
  buildFiles,
  isAccessLevel,
} from '@tala/policy';
import { ConfigError } from '../errors.ts';

/** The access manifest, with the case-insensitive index the path model resolves against. */
export interface LoadedManifest {
  readonly files: ReadonlyMap<string, AccessLevel>;
  readonly index: BuildFiles;
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
  for (const [name, level] of Object.entries(manifest.files)) {
    if (!isAccessLevel(level)) throw new ConfigError(`The access manifest gives ${name} an unknown level "${level}".`);
    files.set(name, level);
  }
  return { files, index: buildFiles(files.keys()), inlineScriptHashes: manifest.inlineScriptHashes };
}
