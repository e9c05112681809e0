import type { Plugin } from '@docusaurus/types';
import type { Compiler, WebpackPluginInstance } from 'webpack';
import { hoistChunkMaps } from './hoist';

const NAME = 'tala-runtime-maps';

/**
 * The client bundle's runtime with its chunk maps built once (./hoist.ts says why and when a map
 * may move). The runtime chunk is rewritten after minification and before the bundler hashes file
 * contents (`realContentHash`, the OPTIMIZE_HASH stage), so its file name still changes with what
 * it holds and the gate may keep caching `/assets/` as immutable.
 *
 * Reach-in: the shape of the bundler's and Docusaurus's runtime code. If either changes the
 * rewrite finds nothing and the runtime is left as it was (slower at scale, still correct); the
 * test in __tests__ builds a real Rspack runtime with Docusaurus's chunk-asset function and fails
 * when no map is hoisted or a hoisted runtime answers differently.
 */
export function runtimeMapsPlugin(): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      // `compiler.webpack` is Rspack itself under Rspack (Docusaurus Faster), webpack otherwise.
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
          () => {
            for (const chunk of compilation.chunks) {
              if (!chunk.hasRuntime()) continue;
              for (const file of chunk.files) {
                if (!file.endsWith('.js')) continue;
                const code = compilation.getAsset(file)?.source.source().toString();
                if (code === undefined) continue;
                const hoisted = hoistChunkMaps(code);
                if (hoisted !== code) compilation.updateAsset(file, new sources.RawSource(hoisted));
              }
            }
          },
        );
      });
    },
  };
}

export default function runtimeMaps(): Plugin {
  return {
    name: NAME,
    configureWebpack: (config, isServer) =>
      !isServer && config.mode === 'production' ? { plugins: [runtimeMapsPlugin()] } : {},
  };
}
