/** Peak resident and heap memory while `work` runs, sampled every 50 ms. */
export async function withMemoryPeak<T>(
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; peakRssMb: number; peakHeapMb: number }> {
  // Start from what is live (when node runs with --expose-gc), not from the garbage of the step before.
  (globalThis as { gc?: () => void }).gc?.();
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  }, 50);
  const started = performance.now();
  try {
    const value = await work();
    return { value, seconds: (performance.now() - started) / 1000, peakRssMb: peakRss / 1024 ** 2, peakHeapMb: peakHeap / 1024 ** 2 };
  } finally {
    clearInterval(timer);
  }
}
