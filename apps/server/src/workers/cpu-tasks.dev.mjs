// The worker threads' entry when the server runs from source (tests, `npm run demo`): Node 20 does not pass
// `--import tsx` on to worker threads, so each thread registers tsx itself before loading the TypeScript tasks.
// The built server's threads load the bundled `cpu-tasks.mjs` instead (src/workers/cpu-pool.ts chooses).
import { register } from 'tsx/esm/api';

register();
const { runCpuTask } = await import('./cpu-tasks.ts');

export default runCpuTask;
