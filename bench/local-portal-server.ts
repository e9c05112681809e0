/**
 * The child process of local-portal.ts: `<build dir> <port>`; prints the origin once listening and
 * stops on SIGTERM or when its parent is gone (stdin closed).
 */
import { buildApp } from '@tala/server/src/app.ts';
import { loadConfig } from '@tala/server/src/config.ts';

const [buildDir, port] = process.argv.slice(2);
const app = await buildApp({
  config: loadConfig({
    BUILD_DIR: buildDir as string,
    SKIP_AUTHENTICATION: 'true',
    LOG_LEVEL: 'silent',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    // One bench client is every "reader": the per-reader search budget would measure the 429s.
    SEARCH_RATE_PER_MINUTE: '1000000',
  }),
  logger: false,
});
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
// The bench holds our stdin open: when it ends without closing us (a crash, Ctrl+C), so do we,
// instead of keeping the port for the next run.
process.stdin.once('end', stop).resume();
console.log(await app.listen({ host: '127.0.0.1', port: Number(port ?? 0) }));
