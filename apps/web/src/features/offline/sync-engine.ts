import type { OfflineDb, SyncQueueItem } from '../../lib/offline-db.ts';
import { ApiError } from '../../lib/api/client.ts';
import { queuedItems, removeWrite } from './outbox.ts';
import { holdsChanges, syncRequest, type QueuedUpdate, type SyncRequest } from './sync-actions.ts';

/** How a sync pass ended. */
export type SyncPassResult =
  | { status: 'done'; sent: number }
  /** Another tab holds the sync; it sends this tab's writes too (they share the queue). */
  | { status: 'busy' }
  /** No answer from the server: the rest waits for the next pass (the 5 s poll or going online). */
  | { status: 'unreachable'; sent: number }
  /** The session ended: nothing more is sent until the person signs in again; nothing is dropped. */
  | { status: 'signed-out'; sent: number };

export interface SyncDeps {
  db: () => Promise<OfflineDb | null>;
  send: (request: SyncRequest) => Promise<unknown>;
  /** Runs `task` while holding the sync lock shared by every tab, or answers `undefined` when another tab holds it. */
  withLock: <T>(task: () => Promise<T>) => Promise<T | undefined>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Told of each write the server took, with its answer. */
  onSent?: (item: SyncQueueItem) => void;
  /** Told when a pass starts with writes to send, and how many. */
  onStart?: (count: number) => void;
}

/** Waits between attempts after an answered failure (5xx, 429): 1 s, then 2 s (spec §9: 3 attempts). */
export const RETRY_BACKOFF_MS = [1000, 2000];
/**
 * No answer at all (the request or its answer lost on the way): tried again at once with a short growing wait,
 * up to this many times in a row, before the pass gives up until the next one. It does not count as an attempt
 * of the write: the write itself did nothing wrong, and the server's idempotence makes the repeat harmless.
 */
export const UNREACHABLE_TRIES = 6;
const UNREACHABLE_BACKOFF_MS = (tries: number) => Math.min(200 * 2 ** tries, 5000);

/**
 * Sends the queued writes, oldest first, one pass at a time: one pass in this tab, and one across tabs (the lock).
 * Each write ends one way: sent (removed), a conflict (the server's record kept beside it for the person to
 * choose), or failed with the server's reason after its attempts (kept, to retry or discard). None is dropped.
 */
export class SyncEngine {
  private running: Promise<SyncPassResult> | null = null;
  private syncingNow = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: SyncDeps) {}

  /** Whether this tab is sending right now. */
  get syncing(): boolean {
    return this.syncingNow;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts a pass, or joins the one running in this tab. */
  sync(): Promise<SyncPassResult> {
    this.running ??= this.deps
      .withLock(() => this.pass())
      .then((result) => result ?? { status: 'busy' as const })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private setSyncing(value: boolean) {
    this.syncingNow = value;
    for (const listener of this.listeners) listener();
  }

  private async pass(): Promise<SyncPassResult> {
    const db = await this.deps.db();
    if (!db) return { status: 'done', sent: 0 };
    const due = (await queuedItems(db)).filter((item) => item.state === 'pending');
    if (due.length === 0) return { status: 'done', sent: 0 };
    this.deps.onStart?.(due.length);
    this.setSyncing(true);
    let sent = 0;
    try {
      for (const queued of due) {
        // Read again: a conflict settled or a write discarded while this pass ran.
        const item = await db.syncQueue.get(queued.id);
        if (item?.state !== 'pending') continue;
        const outcome = await this.sendOne(db, item);
        if (outcome === 'sent') sent += 1;
        if (outcome === 'unreachable') return { status: 'unreachable', sent };
        if (outcome === 'signed-out') return { status: 'signed-out', sent };
      }
      return { status: 'done', sent };
    } finally {
      this.setSyncing(false);
    }
  }

  private async sendOne(db: OfflineDb, item: SyncQueueItem): Promise<'sent' | 'kept' | 'unreachable' | 'signed-out'> {
    const request = syncRequest(item.action, item.data);
    let unanswered = 0;
    let attempts = item.retryCount;
    for (;;) {
      try {
        await this.deps.send(request);
        await removeWrite(db, item);
        this.deps.onSent?.(item);
        return 'sent';
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 0) {
          unanswered += 1;
          if (unanswered >= UNREACHABLE_TRIES) return 'unreachable';
          await this.deps.sleep(UNREACHABLE_BACKOFF_MS(unanswered));
          continue;
        }
        if (error.status === 401) return 'signed-out';
        if (error.code === 'RECORD_CHANGED') {
          const current = currentRecordOf(error);
          if (current && holdsChanges(current, (item.data as unknown as QueuedUpdate).changes)) {
            // Our own earlier attempt landed; only its answer was lost.
            await removeWrite(db, item);
            this.deps.onSent?.(item);
            return 'sent';
          }
          await db.syncQueue.update(item.id, { state: 'conflict', current: current ?? undefined, reason: error.message });
          return 'kept';
        }
        const worthRetrying = error.status >= 500 || error.status === 429 || error.status === 408;
        attempts += 1;
        if (!worthRetrying || attempts >= item.maxRetries) {
          await db.syncQueue.update(item.id, { state: 'failed', retryCount: attempts, reason: error.message });
          return 'kept';
        }
        await db.syncQueue.update(item.id, { retryCount: attempts });
        await this.deps.sleep(RETRY_BACKOFF_MS[attempts - 1] ?? RETRY_BACKOFF_MS.at(-1)!);
      }
    }
  }
}

function currentRecordOf(error: ApiError): Record<string, unknown> | null {
  const current = (error.details as { current?: unknown } | undefined)?.current;
  return current && typeof current === 'object' ? (current as Record<string, unknown>) : null;
}
