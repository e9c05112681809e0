import path from 'node:path';
import { classifyBuildFiles } from '../../access/manifest/classify';
import { listFiles } from '../../access/manifest/list-files';
import { defineStep } from '../step';

/**
 * Every file of the build, classified public, reader or onprem from the one policy in
 * `@tala/policy`. After the steps that add files the manifest lists; dot files (the manifest,
 * the search data) are the gate's own and not served as files.
 */
export const classificationStep = defineStep({
  name: 'classification',
  reads: { files: ['build/**', 'site/static/**'], data: ['docusaurus', 'pages', 'bundle'] },
  writes: { files: [], data: ['files', 'levels'] },
  async run({ docusaurus, pages, bundle }) {
    const { outDir, siteDir, siteConfig } = docusaurus;
    const files = (await listFiles(outDir)).filter((file) => !path.posix.basename(file).startsWith('.'));
    const staticDirs = siteConfig.staticDirectories.map((dir) => path.resolve(siteDir, dir));
    const staticFiles = new Set((await Promise.all(staticDirs.map((dir) => listFiles(dir)))).flat());
    const levels = classifyBuildFiles({ files, pages, staticFiles, ...bundle });
    return { summary: `${files.length} files`, data: { files, levels } };
  },
});
