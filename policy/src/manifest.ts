import type { AccessLevel } from './access.ts';

/**
 * The access manifest: written by the site build (`site/plugins/access/manifest`), read by the gate
 * server. Every file under `build/` appears here; a file missing from it is never served.
 */
export interface AccessManifest {
  readonly version: 1;
  /** Build-root-relative POSIX path → who may receive it. */
  readonly files: Readonly<Record<string, AccessLevel>>;
  /** `sha256-…` sources of every inline `<script>` in the built HTML, for the Content-Security-Policy. */
  readonly inlineScriptHashes: readonly string[];
  /**
   * Hashed assets of the previous release kept in this build for readers still on its pages
   * (deploy/carry-assets.ts). They are in `files` with the level that release gave them; listed
   * here so the next release does not carry them again: one release back, never more.
   */
  readonly carried?: readonly string[];
}

/**
 * Bundler output named by its content hash (`assets/js/1a2b3c4d.5e6f7a8b.js`): it never changes
 * under that name, so browsers may keep it and a later build may serve it beside its own.
 */
export function isHashedAsset(file: string): boolean {
  return /^assets\/.+\.[0-9a-f]{8,}\.\w+$/.test(file);
}

/** Where the manifest lives inside the build output. Dotfiles are never served. */
export const ACCESS_MANIFEST_FILE = '.access-manifest.json';
