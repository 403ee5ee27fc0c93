import type { LocalRecord, LocalRecordTable, OfflineDb, SyncState } from '../../lib/offline-db.ts';
import { recordIdOf } from './outbox.ts';
import { actionDefinition, isKnownAction } from './sync-actions.ts';
import { useLiveQuery } from './use-live-query.ts';

/** A record made or changed on this device that the server does not have yet, and how its sending stands. */
export interface PendingRecord {
  record: LocalRecord;
  kind: 'create' | 'update';
  state: SyncState;
}

/** A list item as a screen shows it: the server's record, or this device's, marked with its sync state. */
export type WithSyncState<T> = T & { syncState?: SyncState };

/** Whose records a list shows: one field's (its soil tests, water records…), or one farm's (its fields). */
export type RecordsOf = { fieldId: string } | { farmId: string };

const belongsTo = (record: LocalRecord, of: RecordsOf | undefined) =>
  of === undefined || ('fieldId' in of ? record.fieldId === of.fieldId : record.farmId === of.farmId);

async function readPending(db: OfflineDb, table: LocalRecordTable, of?: RecordsOf): Promise<PendingRecord[]> {
  const items = await db.syncQueue.toArray();
  const records = new Map((await db.table<LocalRecord, string>(table).toArray()).map((record) => [record.id, record]));
  return items.flatMap((item) => {
    if (!isKnownAction(item.action)) return [];
    const definition = actionDefinition(item.action);
    const record = records.get(recordIdOf(item));
    if (definition.table !== table || !record || !belongsTo(record, of)) return [];
    return [{ record, kind: definition.kind, state: item.state }];
  });
}

/** This device's unsent records of one kind (of one field or farm when given), live across tabs. */
export function usePendingRecords(table: LocalRecordTable, of?: RecordsOf): PendingRecord[] {
  const ofKey = of === undefined ? '' : 'fieldId' in of ? `field:${of.fieldId}` : `farm:${of.farmId}`;
  return useLiveQuery((db) => readPending(db, table, of), [table, ofKey], EMPTY);
}
const EMPTY: PendingRecord[] = [];

/** What this device holds unsent of one record: `read` is false until the device database has answered. */
export interface PendingRecordOnDevice {
  read: boolean;
  pending?: PendingRecord;
}

/**
 * This device's unsent write of one record (its create, or the edits waiting for a record the server has), live
 * across tabs.
 */
export function usePendingRecord(table: LocalRecordTable, id: string): PendingRecordOnDevice {
  return useLiveQuery(
    async (db) => ({ read: true, pending: (await readPending(db, table)).find((p) => p.record.id === id) }),
    [table, id],
    NOT_READ,
  );
}
const NOT_READ: PendingRecordOnDevice = { read: false };

/** This device's records made and not sent yet: the creates among `pending` that the server's list does not hold. */
export function unsentCreates(list: { id: string }[] | undefined, pending: PendingRecord[]): PendingRecord[] {
  const onServer = new Set((list ?? []).map((item) => item.id));
  return pending.filter((p) => p.kind === 'create' && !onServer.has(p.record.id));
}

/**
 * The server's list with this device's unsent writes: new records first (newest first), and records changed here
 * shown with their changes. Each carries `syncState` so the list can say it is not on the server yet.
 */
export function withPending<T extends { id: string }>(list: T[] | undefined, pending: PendingRecord[]): WithSyncState<T>[] | undefined {
  if (pending.length === 0) return list;
  const updates = new Map(pending.filter((p) => p.kind === 'update').map((p) => [p.record.id, p]));
  const created = unsentCreates(list, pending)
    .sort((a, b) => b.record.lastModified - a.record.lastModified)
    .map((p) => ({ ...(p.record.data as unknown as T), syncState: p.state }));
  if (list === undefined && created.length === 0) return undefined;
  const changed = (list ?? []).map((item) => {
    const update = updates.get(item.id);
    return update ? { ...item, ...(update.record.data as Partial<T>), syncState: update.state } : item;
  });
  return [...created, ...changed];
}
