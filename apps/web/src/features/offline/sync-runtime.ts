import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { apiExchange, ApiError } from '../../lib/api/client.ts';
import { offlineDbReady, type OfflineDb, type SyncAction } from '../../lib/offline-db.ts';
import { session } from '../auth/session.ts';
import { showToast } from '../toasts/toast-store.ts';
import { keepOnDevice } from './device-storage.ts';
import { blockingWrites, queuedItems, queueWrite } from './outbox.ts';
import { actionDefinition, parentOf } from './sync-actions.ts';
import { SyncEngine } from './sync-engine.ts';

/** Spec §9: the queue is looked at every 5 s, and the "Syncing data..." toast hides after 3 s. */
export const SYNC_POLL_MS = 5000;
export const SYNC_TOAST_MS = 3000;
const SYNC_LOCK = 'murimi-sync';

/** The person signed in now (the subject of the session's token), or null. */
export function signedInPerson(): string | null {
  const state = session.getState();
  return state.status === 'signed-in' ? state.claims.userId : null;
}

/**
 * One sync across the tabs of this browser: Web Locks where the page may use them (https or localhost). `locks` is
 * the browser's lock manager, given in tests.
 */
export function withLock<T>(
  task: () => Promise<T>,
  locks: LockManager | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined,
): Promise<T | undefined> {
  // On plain http from another host there are no Web Locks: each tab then syncs on its own, and the server's
  // idempotent creates and versioned updates keep a write sent twice from counting twice.
  if (!locks) return task();
  // The lock is held until the callback's promise settles; the library's types do not unwrap that promise.
  return locks.request(SYNC_LOCK, { ifAvailable: true }, (lock) => (lock ? task() : undefined)) as unknown as Promise<T | undefined>;
}

export const syncEngine = new SyncEngine({
  db: offlineDbReady,
  person: signedInPerson,
  send: (request, timeoutMs) =>
    apiExchange(request.method, request.path, request.body, { basedOn: request.basedOn, timeoutMs, asPerson: request.personId }),
  withLock: (task) => withLock(task),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  onStart: (count) =>
    void showToast(i18next.t('sync.toast', { ns: 'common' }), {
      description: i18next.t('sync.toastRemaining', { ns: 'common', count }),
      duration: SYNC_TOAST_MS,
    }),
});

/**
 * Sends what is queued when the connection comes back and every 5 s while there is something to send; after a pass
 * that sent anything, every screen's data is read again so the server's records replace the pending ones.
 */
export function startSync(client: QueryClient): () => void {
  const run = async () => {
    if (!navigator.onLine || !(await offlineDbReady())) return;
    const result = await syncEngine.sync().catch(() => null);
    if (result && 'sent' in result && result.sent > 0) await client.invalidateQueries();
  };
  const timer = setInterval(() => void run(), SYNC_POLL_MS);
  window.addEventListener('online', run);
  void run();
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', run);
  };
}

/** What a write answers when it was kept on the device to be sent later. */
export type Queued<T> = T & { syncState: 'pending' };

export const isQueued = (answer: unknown): boolean =>
  typeof answer === 'object' && answer !== null && (answer as { syncState?: unknown }).syncState === 'pending';

/**
 * Whether a write must join the queue rather than go now: earlier writes still wait to be sent (they land first), or
 * the queue still holds the record it changes or belongs to (a field whose create failed: its edit joins the create,
 * its soil test waits for it instead of being refused for a field the server does not know).
 */
async function mustQueue(db: OfflineDb, action: SyncAction, data: Record<string, unknown>): Promise<boolean> {
  if ((await db.syncQueue.where('state').anyOf('pending', 'waiting').count()) > 0) return true;
  const held = blockingWrites(await queuedItems(db));
  const parent = parentOf(action, data);
  return (parent !== undefined && held.has(parent)) || (typeof data.id === 'string' && held.has(data.id));
}

/**
 * The one way an offline-capable write is made. Online with nothing queued, it is sent at once and answers as the
 * server does (a refusal shows in the form). Offline, when the server cannot be reached, or while earlier writes
 * still wait (they must land first), it is queued and answers at once with the record marked pending.
 */
export async function sendOrQueue<T>(action: SyncAction, data: Record<string, unknown>, direct: () => Promise<T>): Promise<T | Queued<T>> {
  const db = await offlineDbReady();
  // Nobody signed in (or no IndexedDB): nowhere to keep it, so it is sent or fails as any request does.
  if (!db) return direct();
  if (navigator.onLine && !(await mustQueue(db, action, data))) {
    try {
      return await direct();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) throw error;
    }
  }
  await keepOnDevice(db, () => queueWrite(db, action, data));
  if (navigator.onLine) void syncEngine.sync();
  const record = actionDefinition(action).kind === 'update' ? { id: data.id, ...(data.changes as object) } : data;
  return { ...record, syncState: 'pending' } as Queued<T>;
}
