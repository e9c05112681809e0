import { createRequire } from 'node:module';
import path from 'node:path';
import { type Configuration, type RspackPluginInstance, rspack } from '@rspack/core';
import { runtimeMapsPlugin } from '../index';

// Docusaurus's own `__webpack_require__.gca` (the chunk-name map the prefetch reads), as its client bundle adds it.
const require = createRequire(import.meta.url);
const ChunkAssetPlugin = require('@docusaurus/core/lib/webpack/plugins/ChunkAssetPlugin').default;

/**
 * A production client build of `dir/entry.js` as Docusaurus configures one (content-hashed names,
 * a runtime chunk, its chunk-asset function), with or without the plugin, into `dir/with` or
 * `dir/without`; each chunk's id and names.
 */
export async function clientBuild(dir: string, withPlugin: boolean) {
  const out = path.join(dir, withPlugin ? 'with' : 'without');
  const plugins: RspackPluginInstance[] = [new ChunkAssetPlugin()];
  if (withPlugin) plugins.push(runtimeMapsPlugin() as unknown as RspackPluginInstance);
  const config: Configuration = {
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: {
      path: out,
      publicPath: '/',
      filename: 'assets/js/[name].[contenthash:8].js',
      chunkFilename: 'assets/js/[name].[contenthash:8].js',
      hashFunction: 'xxhash64',
    },
    optimization: { runtimeChunk: true },
    plugins,
  };
  const chunks = await new Promise<{ id: string; names: string[] }[]>((resolve, reject) =>
    rspack(config).run((error, result) =>
      error || !result || result.hasErrors()
        ? reject(error ?? new Error(String(result?.toJson({ all: false, errors: true }).errors?.[0]?.message)))
        : resolve(
            (result.toJson({ all: false, chunks: true, ids: true }).chunks ?? []).map((c) => ({
              id: String(c.id),
              names: c.names ?? [],
            })),
          ),
    ),
  );
  return { out, chunks };
}
