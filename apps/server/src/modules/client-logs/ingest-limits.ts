/**
 * How much a browser may log, counted in this process's memory. The limit guards this process's event loop and its
 * log output, so it need not agree with other processes: behind n servers a session may send n times as much, still
 * bounded. Keeping it here (not in the database) keeps a flood of log batches from becoming a flood of writes.
 */

const MINUTE_MS = 60_000;

export interface IngestLimit {
  /** What the count is kept by, for the log line that says a limit bit. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * A session sends a batch every 5 s at most when nothing goes wrong (12 a minute), more when errors come at once;
 * 30 batches and 1,000 entries a minute leave room for that and stop a page stuck in an error loop.
 */
export const SESSION_BATCH_LIMIT: IngestLimit = { name: 'session-batches', limit: 30, windowMs: MINUTE_MS };
export const SESSION_ENTRY_LIMIT: IngestLimit = { name: 'session-entries', limit: 1_000, windowMs: MINUTE_MS };
/** Many phones share one carrier address; 300 batches a minute is 25 busy sessions behind one address. */
export const ADDRESS_BATCH_LIMIT: IngestLimit = { name: 'address-batches', limit: 300, windowMs: MINUTE_MS };

/** The most keys remembered; beyond it the oldest window is forgotten (memory stays bounded under any flood). */
export const MAX_TRACKED_KEYS = 10_000;

interface Window {
  startedAt: number;
  count: number;
}

/** Fixed-window counters per key, at most `maxKeys` of them. */
export class IngestCounters {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly maxKeys = MAX_TRACKED_KEYS) {}

  /**
   * Adds `amount` to `key`'s window under `rule` and answers whether it still fits. A refused amount is not counted
   * (a client that waits gets in), and the seconds until the window ends say when to try again.
   */
  take(rule: IngestLimit, key: string, amount: number, nowMs: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const id = `${rule.name}:${key}`;
    let window = this.windows.get(id);
    if (!window || nowMs - window.startedAt >= rule.windowMs) {
      this.windows.delete(id);
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      window = { startedAt: nowMs, count: 0 };
      this.windows.set(id, window);
    }
    if (window.count + amount > rule.limit) {
      return { allowed: false, retryAfterSeconds: Math.ceil((window.startedAt + rule.windowMs - nowMs) / 1000) };
    }
    window.count += amount;
    return { allowed: true };
  }

  get size(): number {
    return this.windows.size;
  }
}
