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
}

/** Where the manifest lives inside the build output. Dotfiles are never served. */
export const ACCESS_MANIFEST_FILE = '.access-manifest.json';
