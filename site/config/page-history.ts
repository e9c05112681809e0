import { execFileSync } from 'node:child_process';
import type { Options } from '@docusaurus/plugin-content-docs';
import { getVcsPreset } from '@docusaurus/utils';
import type { Env } from '@tala/policy/environment';
import { buildVariables } from './custom-fields';

/**
 * "Last updated" from git, and "Edit this page" when DOCS_EDIT_URL names the repository.
 *
 * Git is read once for the whole history (Docusaurus's git-eager VCS, not one `git log` per page: a
 * 10,000-page build would start 10,000 processes). A build outside a git worktree — the image's,
 * whose context leaves `.git` out — shows no dates instead of failing.
 */
export function vcsConfig(siteDir: string) {
  return getVcsPreset(insideGitWorktree(siteDir) ? 'git-eager' : 'disabled');
}

function insideGitWorktree(dir: string): boolean {
  try {
    return (
      execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: dir, stdio: 'pipe' }).toString().trim() ===
      'true'
    );
  } catch {
    return false;
  }
}

/** Pages the generator writes from the API specs: their source is the spec, so they get no edit link. */
const GENERATED = /^(reference\/apis\/(studio|inquire)|apis\/manager)\//;

export function pageHistoryOptions(env: Env): Pick<Options, 'showLastUpdateTime' | 'editUrl'> {
  const base = buildVariables(env).DOCS_EDIT_URL?.replace(/\/*$/, '/');
  return {
    showLastUpdateTime: true,
    editUrl: base
      ? ({ docPath, versionDocsDirPath }) =>
          GENERATED.test(docPath) ? undefined : `${base}${versionDocsDirPath}/${docPath}`
      : undefined,
  };
}
