import { precompress } from '../../performance/precompress';
import { defineStep } from '../step';

/**
 * `.br` and `.gz` beside every compressible file the manifest lists, last: a copy has its source's
 * level, so it is written once the source is final.
 */
export const precompressionStep = defineStep({
  name: 'precompression',
  reads: { files: ['build/** (the files the manifest lists)'], data: ['docusaurus', 'files'] },
  writes: { files: ['build/**/*.br', 'build/**/*.gz'], data: [] },
  async run({ docusaurus, files }) {
    const compressed = await precompress(docusaurus.outDir, files);
    return { summary: `${compressed} files (brotli and gzip)`, data: {} };
  },
});
