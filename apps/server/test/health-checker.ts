import { Worker } from 'node:worker_threads';

/** Sends a health check every `everyMs` until told to stop, then answers with each one's time to a whole answer. */
const HEALTH_CHECKER = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
const pending = new Set();
let stopped = false;
const check = () => {
  if (stopped) return;
  const sent = performance.now();
  const request = fetch(workerData.url)
    .then((response) => response.arrayBuffer())
    .then(() => latencies.push(performance.now() - sent), () => latencies.push(Number.POSITIVE_INFINITY))
    .finally(() => pending.delete(request));
  pending.add(request);
  setTimeout(check, workerData.everyMs);
};
check();
parentPort.once('message', async () => {
  stopped = true;
  await Promise.all(pending);
  parentPort.postMessage(latencies);
});
`;

/**
 * Checks `url` from a thread of its own every `everyMs`, whether or not the last check was answered (as a load
 * balancer does): a stall of the server's event loop delays every check that arrives during it. `stop` answers with
 * each check's time to a whole answer, in ms (a failed check counts as infinitely slow).
 */
export function startHealthChecker(url: string, everyMs: number): { stop(): Promise<number[]> } {
  const checker = new Worker(HEALTH_CHECKER, { eval: true, workerData: { url, everyMs } });
  const answered = new Promise<number[]>((resolve) => checker.once('message', resolve));
  return {
    async stop() {
      checker.postMessage('stop');
      const latenciesMs = await answered;
      await checker.terminate();
      return latenciesMs;
    },
  };
}
