/**
 * The child process of local-portal.ts: `<build dir> <port>`; prints the origin once listening and
 * stops on SIGTERM.
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
  }),
  logger: false,
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log(await app.listen({ host: '127.0.0.1', port: Number(port ?? 0) }));
