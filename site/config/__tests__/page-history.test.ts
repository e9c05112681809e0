import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { getVcsPreset } from '@docusaurus/utils';
import { pageHistoryOptions, vcsConfig } from '../page-history';

type EditUrl = (params: { docPath: string; versionDocsDirPath: string }) => string | undefined;

test('PAGE-HISTORY "Edit this page" points into DOCS_EDIT_URL for written pages, nowhere for generated API pages, and is off without it', () => {
  const { editUrl, showLastUpdateTime } = pageHistoryOptions({
    DOCS_EDIT_URL: 'https://git.example.com/docs/edit/main/site',
  });
  assert.equal(showLastUpdateTime, true);
  const url = editUrl as EditUrl;
  assert.equal(
    url({ docPath: 'studio/deploy/overview.md', versionDocsDirPath: 'docs' }),
    'https://git.example.com/docs/edit/main/site/docs/studio/deploy/overview.md',
  );
  assert.equal(url({ docPath: 'reference/apis/studio/tasks/get.mdx', versionDocsDirPath: 'docs' }), undefined);
  assert.equal(url({ docPath: 'apis/manager/users/list.mdx', versionDocsDirPath: 'on-prem' }), undefined);
  assert.equal(pageHistoryOptions({}).editUrl, undefined);
  assert.throws(() => pageHistoryOptions({ DOCS_EDIT_URL: 'not a url' }), /DOCS_EDIT_URL/);
});

test('PAGE-HISTORY git history is read once for the repository (git-eager), and a build outside git shows no dates instead of failing', () => {
  assert.equal(vcsConfig(path.resolve(import.meta.dirname, '..')), getVcsPreset('git-eager'));
  assert.equal(vcsConfig(mkdtempSync(path.join(tmpdir(), 'tala-no-git-'))), getVcsPreset('disabled'));
});
