// piscina loads this file in each worker thread. The server runs TypeScript through tsx, whose
// hooks the main thread's `--import tsx` does not install in worker threads on Node 20: register
// them here, then load the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./worker.ts');
export default run;
