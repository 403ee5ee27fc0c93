import type { WaterRecordsBeforePlantingChoice } from '@murimi/core';
import { personOfDb, type LocalRecord, type OfflineDb, type SyncAction, type SyncQueueItem } from '../../lib/offline-db.ts';
import {
  actionDefinition,
  differingChanges,
  isKnownAction,
  parentOf,
  recreatedRecord,
  sameChanges,
  type QueuedUpdate,
} from './sync-actions.ts';

/** Spec §9: a queued write is tried 3 times before it is shown as failed. */
export const SYNC_MAX_RETRIES = 3;

/**
 * How many different unanswered change sets an update remembers (any of them may have landed). Each is an edit the
 * person saved while no answer came back, so a long bad spell on a busy record can hold dozens; the oldest landed
 * one forgotten would make the device take its own write for someone else's change.
 */
const UNANSWERED_KEPT = 50;

/** A write to be sent afresh: pending, with fresh attempts and nothing left of an earlier outcome. */
const SEND_AFRESH = {
  state: 'pending',
  retryCount: 0,
  reason: undefined,
  reasonCode: undefined,
  errorCode: undefined,
  current: undefined,
  waitingFor: undefined,
  unanswered: undefined,
} as const satisfies Partial<SyncQueueItem>;

/** `item` with new data, at its next revision, to be sent afresh. */
const revised = (item: SyncQueueItem, data: object, changes: Partial<SyncQueueItem> = {}): SyncQueueItem => ({
  ...item,
  ...changes,
  data: data as Record<string, unknown>,
  revision: item.revision + 1,
  ...SEND_AFRESH,
});

/** The queue item of an update, one per record: later edits made offline join it. */
const updateItemId = (recordId: string) => `${recordId}:update`;

/** Facts of a record the lists sort and filter by, whichever kind it is. */
function recordFacts(data: Record<string, unknown>): Pick<LocalRecord, 'fieldId' | 'farmId' | 'date'> {
  const date = data.sampleDate ?? data.applicationDate ?? data.irrigationDate ?? data.readingDate ?? data.visitDate ?? data.plantingDate;
  return {
    fieldId: typeof data.fieldId === 'string' ? data.fieldId : undefined,
    farmId: typeof data.farmId === 'string' ? data.farmId : undefined,
    date: typeof date === 'string' ? date : undefined,
  };
}

const localTable = (db: OfflineDb, action: string) => db.table<LocalRecord, string>(actionDefinition(action).table);

/** The next place in the queue: after every write kept (a counter on this device, not the clock). */
async function nextSequence(db: OfflineDb): Promise<number> {
  const last = await db.syncQueue.orderBy('sequence').last();
  return (last?.sequence ?? 0) + 1;
}

/**
 * An edit joining a write: one that failed goes again with the new values; one waiting for a choice (a conflict, a
 * record deleted elsewhere) keeps waiting for it, now with the new values too.
 */
const reopened = (item: SyncQueueItem): Partial<SyncQueueItem> =>
  item.state === 'failed' || item.state === 'pending'
    ? { state: 'pending', retryCount: 0, reason: undefined, reasonCode: undefined, errorCode: undefined }
    : {};

/**
 * Keeps a write on this device until it can be sent: the queue item and the record as the form made it (shown in
 * lists as pending), in one transaction. An update of a record still waiting to be created joins its create; a
 * second update of the same record joins the first (keeping the version the first was based on). Every change of
 * an item's data raises its revision, so a send already under way cannot remove the newer edit.
 */
export async function queueWrite(
  db: OfflineDb,
  action: SyncAction,
  data: Record<string, unknown>,
  now = Date.now(),
): Promise<SyncQueueItem> {
  const definition = actionDefinition(action);
  const table = localTable(db, action);
  const personId = personOfDb(db);
  return db.transaction('rw', db.syncQueue, table, async () => {
    const fresh = async (): Promise<Pick<SyncQueueItem, 'sequence' | 'revision' | 'timestamp'>> => ({
      sequence: await nextSequence(db),
      revision: 1,
      timestamp: now,
    });
    if (definition.kind === 'create') {
      const id = String(data.id);
      const earlier = await db.syncQueue.get(id);
      // The same create again (a submit retried) takes the place and the next revision of the first.
      const item: SyncQueueItem = {
        id,
        action,
        data,
        ...(earlier ? { sequence: earlier.sequence, revision: earlier.revision + 1, timestamp: earlier.timestamp } : await fresh()),
        personId,
        retryCount: 0,
        maxRetries: SYNC_MAX_RETRIES,
        state: 'pending',
      };
      await db.syncQueue.put(item);
      await table.put({ id, ...recordFacts(data), lastModified: now, data });
      return item;
    }
    const update = data as unknown as QueuedUpdate;
    const create = await db.syncQueue.get(update.id);
    if (create) {
      const merged = { ...create.data, ...update.changes };
      const joined: SyncQueueItem = { ...create, data: merged, revision: create.revision + 1, ...reopened(create) };
      await db.syncQueue.put(joined);
      await table.put({ id: update.id, ...recordFacts(merged), lastModified: now, data: merged });
      return joined;
    }
    const earlier = await db.syncQueue.get(updateItemId(update.id));
    const earlierUpdate = earlier?.data as unknown as QueuedUpdate | undefined;
    // An answer given to the server's question about the earlier values does not stand for the new ones.
    const queued: QueuedUpdate = earlierUpdate
      ? { ...earlierUpdate, changes: { ...earlierUpdate.changes, ...update.changes }, answers: undefined }
      : update;
    const item: SyncQueueItem = earlier
      ? { ...earlier, data: queued as unknown as Record<string, unknown>, revision: earlier.revision + 1, ...reopened(earlier) }
      : {
          id: updateItemId(update.id),
          action,
          data: queued as unknown as Record<string, unknown>,
          ...(await fresh()),
          personId,
          retryCount: 0,
          maxRetries: SYNC_MAX_RETRIES,
          state: 'pending',
        };
    await db.syncQueue.put(item);
    await table.put({ id: update.id, ...recordFacts(queued.changes), lastModified: now, data: queued.changes });
    return item;
  });
}

/** The writes kept, in the order they were made (their sequence; any without one, as a damaged queue may hold, last). */
export async function queuedItems(db: OfflineDb): Promise<SyncQueueItem[]> {
  const items = await db.syncQueue.toArray();
  return items.sort((a, b) => (a.sequence ?? Infinity) - (b.sequence ?? Infinity) || (a.id < b.id ? -1 : 1));
}

/** The record id a queue item writes. */
export const recordIdOf = (item: Pick<SyncQueueItem, 'id'>): string =>
  item.id.endsWith(':update') ? item.id.slice(0, -':update'.length) : item.id;

/** Forgets a write here with its local copy (the server has it, or the person discarded it). */
async function forget(db: OfflineDb, item: SyncQueueItem): Promise<void> {
  await db.syncQueue.delete(item.id);
  if (isKnownAction(item.action)) await localTable(db, item.action).delete(recordIdOf(item));
}

/** Runs `change` in one transaction over the queue and the records of `item`'s kind. */
function inQueue<T>(db: OfflineDb, item: SyncQueueItem, change: () => Promise<T>): Promise<T> {
  const tables = isKnownAction(item.action) ? [db.syncQueue, localTable(db, item.action)] : [db.syncQueue];
  return db.transaction('rw', tables, change);
}

/**
 * The server took the write `sent` and answered with its record as it holds it now (`answer`; `created` when it made
 * it just now, false for a replay of a create it already had). The write is forgotten only when nothing of what is
 * queued now is missing from that record: an edit made while it was under way (a newer revision) or a create whose
 * earlier attempt landed with older values (a replay) goes on as an update based on the version the server returned.
 * Returns that update, or null when the write is done.
 */
export async function settleSent(
  db: OfflineDb,
  sent: SyncQueueItem,
  answer: Record<string, unknown> | undefined,
  created?: boolean,
): Promise<SyncQueueItem | null> {
  const definition = actionDefinition(sent.action);
  return inQueue(db, sent, async () => {
    const now = await db.syncQueue.get(sent.id);
    // Discarded meanwhile: the server has what was sent; there is nothing left here.
    if (!now) return null;
    const unchanged = now.revision === sent.revision;
    if (definition.kind === 'update') {
      if (unchanged) return forget(db, now).then(() => null);
      // The server took what was sent: the newer edit goes on the version it answered with.
      return rebase(db, now, (sent.data as unknown as QueuedUpdate).changes, answer?.lastModified);
    }
    // Kinds never edited offline: a replay can only hold what is queued now.
    if ((unchanged && created !== false) || !definition.updateAction) return forget(db, now).then(() => null);
    // Made just now: it holds what was sent. A replay: it holds an earlier attempt, as the server shows it.
    const changes =
      created === false && answer ? differingChanges(now.data, answer, { shownOnly: true }) : differingChanges(now.data, sent.data);
    if (Object.keys(changes).length === 0) return forget(db, now).then(() => null);
    const recordId = recordIdOf(now);
    const update: QueuedUpdate = {
      id: recordId,
      ...(typeof answer?.lastModified === 'string' ? { lastModified: answer.lastModified } : {}),
      changes,
      ...(answer ? { seen: answer } : {}),
    };
    const next = revised(now, update, { id: updateItemId(recordId), action: definition.updateAction });
    await db.syncQueue.delete(now.id);
    await db.syncQueue.put(next);
    await localTable(db, sent.action).update(recordId, { data: changes });
    return next;
  });
}

/**
 * An update of which the server already holds `held` (what an earlier request carried, or its record): what it does
 * not hold goes again on the server's version `basedOn`; when it holds everything the write is done (null).
 */
async function rebase(db: OfflineDb, item: SyncQueueItem, held: Record<string, unknown>, basedOn: unknown): Promise<SyncQueueItem | null> {
  const queued = item.data as unknown as QueuedUpdate;
  const changes = differingChanges(queued.changes, held);
  if (Object.keys(changes).length === 0) return forget(db, item).then(() => null);
  const rebased: QueuedUpdate = { ...queued, changes, ...(typeof basedOn === 'string' ? { lastModified: basedOn } : {}) };
  const next = revised(item, rebased);
  await db.syncQueue.put(next);
  await localTable(db, item.action).update(recordIdOf(item), { data: changes });
  return next;
}

/**
 * A refused update whose record on the server is this device's own doing: a version one of its own writes made
 * (`ownVersion`), or one holding a change set it sent without hearing back (that attempt landed). The rest goes again
 * on the server's version. Null when it is someone else's change (a real conflict); else the update as it now
 * stands, or 'done'.
 */
export async function rebaseOnOwnWrite(
  db: OfflineDb,
  sent: SyncQueueItem,
  server: Record<string, unknown>,
  ownVersion = false,
): Promise<SyncQueueItem | 'done' | null> {
  return inQueue(db, sent, async () => {
    const now = await db.syncQueue.get(sent.id);
    if (!now) return 'done';
    const queued = now.data as unknown as QueuedUpdate;
    const own =
      ownVersion ||
      [queued.changes, ...(now.unanswered ?? [])].some((changes) => Object.keys(differingChanges(changes, server)).length === 0);
    if (!own) return null;
    return (await rebase(db, now, server, server.lastModified)) ?? 'done';
  });
}

/**
 * An update sent without an answer coming back: its change set is remembered, since it may have landed, so that a
 * refusal of the next attempt whose record holds it is known for this device's own write.
 */
export async function rememberUnanswered(db: OfflineDb, sent: SyncQueueItem): Promise<void> {
  if (!isKnownAction(sent.action) || actionDefinition(sent.action).kind !== 'update') return;
  const changes = (sent.data as unknown as QueuedUpdate).changes;
  await db.transaction('rw', db.syncQueue, async () => {
    const now = await db.syncQueue.get(sent.id);
    if (!now) return;
    const earlier = now.unanswered ?? [];
    // The same change set sent again unheard is remembered once.
    if (earlier.some((held) => sameChanges(held, changes))) return;
    await db.syncQueue.update(sent.id, { unanswered: [...earlier, changes].slice(-UNANSWERED_KEPT) });
  });
}

/** Records an outcome of a write that did not reach the server (failed, waiting, a conflict, deleted elsewhere, a retry count). */
export function markWrite(db: OfflineDb, id: string, outcome: Partial<SyncQueueItem>): Promise<number> {
  return db.syncQueue.update(id, outcome);
}

/**
 * A write the server refused for good: shown as failed with the reason, unless it was edited while the refused
 * attempt was under way — then it goes again with the new values.
 */
export async function markFailed(
  db: OfflineDb,
  sent: SyncQueueItem,
  outcome: Pick<SyncQueueItem, 'reason' | 'reasonCode' | 'errorCode' | 'retryCount'>,
) {
  await db.transaction('rw', db.syncQueue, async () => {
    const now = await db.syncQueue.get(sent.id);
    if (!now) return;
    if (now.revision !== sent.revision) await db.syncQueue.update(sent.id, { state: 'pending', retryCount: 0 });
    else await db.syncQueue.update(sent.id, { state: 'failed', ...outcome });
  });
}

/**
 * What keeps a record's writes from being sent: its own create still queued (in any state), or its update waiting
 * for the person's choice after the record was deleted on the server. Keyed by record id.
 */
export function blockingWrites(items: SyncQueueItem[]): Map<string, SyncQueueItem> {
  const blocking = new Map<string, SyncQueueItem>();
  for (const item of items) {
    if (!isKnownAction(item.action)) continue;
    const { kind } = actionDefinition(item.action);
    if (kind === 'create' || item.state === 'deleted') blocking.set(recordIdOf(item), item);
  }
  return blocking;
}

/** Writes waiting for a record that no longer holds them up (its create was sent, discarded or is pending again) are sent again. */
export async function releaseWaiting(db: OfflineDb): Promise<void> {
  await db.transaction('rw', db.syncQueue, async () => {
    const items = await db.syncQueue.toArray();
    const blocking = blockingWrites(items);
    for (const item of items) {
      if (item.state !== 'waiting') continue;
      const parent = item.waitingFor ? blocking.get(item.waitingFor) : undefined;
      if (!parent || parent.state === 'pending')
        await db.syncQueue.update(item.id, { state: 'pending', waitingFor: undefined, retryCount: 0 });
    }
  });
}

/** The writes that belong to the record `recordId` (the soil tests, applications, irrigations and rain of a field). */
export async function dependentWrites(db: OfflineDb, recordId: string): Promise<SyncQueueItem[]> {
  return (await queuedItems(db)).filter((item) => parentOf(item.action, item.data) === recordId);
}

/** A failed write the person asks to send again: three fresh attempts. */
export const retryWrite = (db: OfflineDb, id: string) => db.syncQueue.update(id, SEND_AFRESH);

/**
 * The person's answer to the server's question about a field change made offline (its later planting date leaves
 * water records before it): the change goes again with the answer, keep or delete them.
 */
export async function answerRecordsBeforePlanting(db: OfflineDb, id: string, choice: WaterRecordsBeforePlantingChoice): Promise<void> {
  await db.transaction('rw', db.syncQueue, async () => {
    const item = await db.syncQueue.get(id);
    if (!item || item.state !== 'failed') return;
    const update = item.data as unknown as QueuedUpdate;
    await db.syncQueue.put(revised(item, { ...update, answers: { ...update.answers, waterRecordsBeforePlanting: choice } }));
  });
}

/**
 * The person discards a write that was not sent. Discarding a create also discards the writes that belong to that
 * record (they cannot be sent without it: the person was told before).
 */
export async function discardWrite(db: OfflineDb, item: SyncQueueItem): Promise<void> {
  const dependents =
    isKnownAction(item.action) && actionDefinition(item.action).kind === 'create' ? await dependentWrites(db, recordIdOf(item)) : [];
  const tables = [
    db.syncQueue,
    ...new Set([item, ...dependents].filter((write) => isKnownAction(write.action)).map((write) => localTable(db, write.action))),
  ];
  await db.transaction('rw', tables, async () => {
    for (const write of [item, ...dependents]) await forget(db, write);
  });
}

/**
 * A conflict settled by the person: `keep` holds, for each changed key, whether their value stays. The kept values
 * go again as an update based on the server's current version; keeping none of them drops the write. A conflict
 * kept without the server's version (an older queue) is asked again rather than sent on a version nobody knows.
 */
export async function resolveConflict(db: OfflineDb, item: SyncQueueItem, keepMine: Record<string, boolean>): Promise<void> {
  const update = item.data as unknown as QueuedUpdate;
  const basedOn = item.current?.lastModified;
  const changes = Object.fromEntries(Object.entries(update.changes).filter(([key]) => keepMine[key]));
  if (Object.keys(changes).length === 0) return inQueue(db, item, () => forget(db, item));
  const rebased: QueuedUpdate = typeof basedOn === 'string' ? { ...update, lastModified: basedOn, changes } : { ...update, changes };
  await db.syncQueue.put(revised(item, rebased));
}

/** Whether a record deleted on the server can be added again from what this device saw of it. */
export const canAddAgain = (item: SyncQueueItem): boolean =>
  isKnownAction(item.action) &&
  actionDefinition(item.action).createAction !== undefined &&
  recreatedRecord(item.data as unknown as QueuedUpdate) !== null;

/**
 * "Add it again": an edit of a record deleted on the server becomes the record's create, under the same id, with
 * what the person saw and their changes; the writes of that record that failed meanwhile go again after it.
 */
export async function addAgain(db: OfflineDb, item: SyncQueueItem): Promise<void> {
  const createAction = actionDefinition(item.action).createAction;
  const record = recreatedRecord(item.data as unknown as QueuedUpdate);
  if (!createAction || !record) throw new Error('This record cannot be added again from this device.');
  const recordId = recordIdOf(item);
  const dependents = (await dependentWrites(db, recordId)).filter((write) => write.state === 'failed');
  await inQueue(db, item, async () => {
    await db.syncQueue.delete(item.id);
    await db.syncQueue.put(revised(item, record, { id: recordId, action: createAction }));
    await localTable(db, createAction).put({ id: recordId, ...recordFacts(record), lastModified: Date.now(), data: record });
    for (const write of dependents) await db.syncQueue.update(write.id, SEND_AFRESH);
  });
}
