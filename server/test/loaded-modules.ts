import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Loaded with `--import` into a gate a test starts: records every module the process resolves,
 * imported or required, and writes the list to LOADED_MODULES_FILE when the process exits.
 */
const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    loaded.add(resolved.url);
    return resolved;
  },
});
process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE as string, JSON.stringify([...loaded])));
