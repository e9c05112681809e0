/**
 * The server's one access decision: what a request path names (the path model), the level it
 * needs (the manifest, a file it does not list being on-prem), whether this reader may have it,
 * and which file goes out (the reader's version of a per-level file such as llms.txt). The gate,
 * every MCP tool and search ask here; nothing else in the server decides who gets what.
 */
import {
  type AccessLevel,
  fileLevel,
  type Identity,
  isPageFile,
  markdownFileOf,
  mayAccess,
  onpremVariantOf,
  readableLevels,
  resolveTarget,
  routeOfPageFile,
  type Target,
  targetLevel,
} from '@tala/policy';
import type { LoadedManifest } from './manifest.ts';

export type Opened =
  | { readonly kind: 'malformed' }
  | {
      readonly kind: 'file' | 'alias' | 'unknown';
      readonly target: Exclude<Target, { kind: 'malformed' }>;
      /** The level the target needs. */
      readonly level: AccessLevel;
      /** Whether this reader may receive it. */
      readonly allowed: boolean;
      /** The file to send (a file target only): the target's, or the reader's version of it. */
      readonly file: string | null;
      /** `file` is the reader's version of the target (an on-prem reader's llms.txt). */
      readonly variant: boolean;
      /** A page, or what would be one (the login screen or a 404 page answer it, not a bare status). */
      readonly isPage: boolean;
    };

export type OpenedFile = Extract<Opened, { kind: 'file' | 'alias' | 'unknown' }> & { readonly file: string };

export interface AccessDecision {
  /** The decision for a request path as it arrived on the wire (any spelling the path model accepts). */
  open(identity: Identity | null, requestPath: string): Opened;
  /** The Markdown of the page or Markdown file a path names, decided like any file; null when none. */
  openMarkdown(identity: Identity | null, requestPath: string): OpenedFile | null;
  /** The levels this reader may read (search filters records by them). */
  levels(identity: Identity | null): readonly AccessLevel[];
}

export function accessDecision(manifest: LoadedManifest): AccessDecision {
  const levelOf = (file: string) => manifest.files.get(file);

  const open = (identity: Identity | null, requestPath: string): Opened => {
    const target = resolveTarget(requestPath, manifest.index);
    if (target.kind === 'malformed') return target;
    const level = targetLevel(target, levelOf);
    const allowed = mayAccess(identity, level);
    const isPage = target.kind === 'file' ? target.isPage : target.kind === 'alias' || target.looksLikePage;
    if (target.kind !== 'file')
      return { kind: target.kind, target, level, allowed, file: null, variant: false, isPage };
    // The reader's version only if it exists and its own level lets them have it; else the file asked for.
    const variant = onpremVariantOf(target.file, identity);
    const useVariant =
      variant !== null && manifest.files.has(variant) && mayAccess(identity, fileLevel(variant, levelOf));
    return {
      kind: 'file',
      target,
      level,
      allowed,
      file: useVariant ? variant : target.file,
      variant: useVariant,
      isPage,
    };
  };

  const openMarkdown = (identity: Identity | null, requestPath: string): OpenedFile | null => {
    const opened = open(identity, requestPath);
    if (opened.kind !== 'file' || opened.file === null) return null;
    if (opened.file.endsWith('.md')) return opened as OpenedFile;
    if (!isPageFile(opened.file)) return null;
    const markdown = open(identity, `/${markdownFileOf(routeOfPageFile(opened.file) as string)}`);
    return markdown.kind === 'file' && markdown.file?.endsWith('.md') ? (markdown as OpenedFile) : null;
  };

  return { open, openMarkdown, levels: readableLevels };
}
