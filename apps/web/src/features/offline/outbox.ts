import type { LocalRecord, OfflineDb, SyncAction, SyncQueueItem } from '../../lib/offline-db.ts';
import { actionDefinition, type QueuedUpdate } from './sync-actions.ts';

/** Spec §9: a queued write is tried 3 times before it is shown as failed. */
export const SYNC_MAX_RETRIES = 3;

/** The queue item of an update, one per record: later edits made offline join it. */
const updateItemId = (recordId: string) => `${recordId}:update`;

/** Facts of a record the lists sort and filter by, whichever kind it is. */
function recordFacts(data: Record<string, unknown>): Pick<LocalRecord, 'fieldId' | 'farmId' | 'date'> {
  const date = data.sampleDate ?? data.applicationDate ?? data.irrigationDate ?? data.readingDate ?? data.plantingDate;
  return {
    fieldId: typeof data.fieldId === 'string' ? data.fieldId : undefined,
    farmId: typeof data.farmId === 'string' ? data.farmId : undefined,
    date: typeof date === 'string' ? date : undefined,
  };
}

/**
 * Keeps a write on this device until it can be sent: the queue item and the record as the form made it (shown in
 * lists as pending), in one transaction. An update of a record still waiting to be created joins its create; a
 * second update of the same record joins the first (keeping the version the first was based on).
 */
export async function queueWrite(
  db: OfflineDb,
  action: SyncAction,
  data: Record<string, unknown>,
  now = Date.now(),
): Promise<SyncQueueItem> {
  const definition = actionDefinition(action);
  const table = db.table<LocalRecord, string>(definition.table);
  return db.transaction('rw', db.syncQueue, table, async () => {
    if (definition.kind === 'create') {
      const id = String(data.id);
      const item: SyncQueueItem = { id, action, data, timestamp: now, retryCount: 0, maxRetries: SYNC_MAX_RETRIES, state: 'pending' };
      await db.syncQueue.put(item);
      await table.put({ id, ...recordFacts(data), lastModified: now, data });
      return item;
    }
    const update = data as unknown as QueuedUpdate;
    const create = await db.syncQueue.get(update.id);
    if (create) {
      const merged = { ...create.data, ...update.changes };
      await db.syncQueue.update(update.id, { data: merged });
      await table.put({ id: update.id, ...recordFacts(merged), lastModified: now, data: merged });
      return { ...create, data: merged };
    }
    const earlier = await db.syncQueue.get(updateItemId(update.id));
    const queued: QueuedUpdate = earlier
      ? {
          ...(earlier.data as unknown as QueuedUpdate),
          changes: { ...(earlier.data as unknown as QueuedUpdate).changes, ...update.changes },
        }
      : update;
    const item: SyncQueueItem = {
      id: updateItemId(update.id),
      action,
      data: queued as unknown as Record<string, unknown>,
      timestamp: earlier?.timestamp ?? now,
      retryCount: 0,
      maxRetries: SYNC_MAX_RETRIES,
      state: 'pending',
    };
    await db.syncQueue.put(item);
    await table.put({ id: update.id, ...recordFacts(queued.changes), lastModified: now, data: queued.changes });
    return item;
  });
}

/** The writes waiting, oldest first (the order they are sent in). */
export const queuedItems = (db: OfflineDb): Promise<SyncQueueItem[]> => db.syncQueue.orderBy('timestamp').toArray();

/** The record id a queue item writes. */
export const recordIdOf = (item: SyncQueueItem): string => (item.id.endsWith(':update') ? item.id.slice(0, -':update'.length) : item.id);

/** The server has the write: forget it here, with its local copy. */
export async function removeWrite(db: OfflineDb, item: SyncQueueItem): Promise<void> {
  const table = db.table<LocalRecord, string>(actionDefinition(item.action).table);
  await db.transaction('rw', db.syncQueue, table, async () => {
    await db.syncQueue.delete(item.id);
    await table.delete(recordIdOf(item));
  });
}

/** A failed write the person asks to send again: three fresh attempts. */
export const retryWrite = (db: OfflineDb, id: string) => db.syncQueue.update(id, { state: 'pending', retryCount: 0, reason: undefined });

/**
 * A conflict settled by the person: `keep` holds, for each changed key, whether their value stays. The kept values
 * go again as an update based on the server's current version; keeping none of them drops the write.
 */
export async function resolveConflict(db: OfflineDb, item: SyncQueueItem, keepMine: Record<string, boolean>): Promise<void> {
  const update = item.data as unknown as QueuedUpdate;
  const current = item.current ?? {};
  const changes = Object.fromEntries(Object.entries(update.changes).filter(([key]) => keepMine[key]));
  if (Object.keys(changes).length === 0) return removeWrite(db, item);
  const rebased: QueuedUpdate = { id: update.id, lastModified: String(current.lastModified), changes };
  await db.syncQueue.put({
    ...item,
    data: rebased as unknown as Record<string, unknown>,
    state: 'pending',
    retryCount: 0,
    reason: undefined,
    current: undefined,
  });
}
