import type { Dexie, EntityTable, liveQuery, Table } from 'dexie';

/**
 * The device's own copy of a signed-in person's data (spec §3 "Local offline stores"), one IndexedDB database per
 * user (`murimi-<userId>`), so one person's records never show for another on a shared phone. Version 1 holds the
 * spec's stores with its indexes; version 2 orders the queue by a counter instead of the clock and gives each write a
 * revision and its person (an upgrade fills them in for writes kept by version 1). A later version adds its own
 * `.version(n)` with an upgrade, never edits an earlier one; version 3 adds `visits`.
 * Dexie is loaded when someone signs in, so the public pages do not carry it.
 *
 * - Records written on this device and not yet on the server (`fields`, `soilTests`, `fertilizerApplications`,
 *   `irrigationEvents`, `rainReadings`, `visits`): the record as the forms made it, shown in lists as pending until sent.
 * - `syncQueue`: the writes waiting to be sent, in the order they were made (`features/offline/outbox.ts`).
 * - `queryCache`: each API read as TanStack Query persisted it, by its query key, so screens open offline.
 * - `documents`: offline field packs and what they hold; `weather`: forecasts kept with a field pack.
 * - `userSettings`: small preferences of this person on this device (key → value).
 */

/** A record made or changed on this device, waiting for the server. */
export interface LocalRecord {
  id: string;
  fieldId?: string;
  farmId?: string;
  /** The record's own date (a soil test's sample date, an application's, an irrigation's, a rain reading's). */
  date?: string;
  /** When this device last changed it (ms since 1970). */
  lastModified: number;
  /** The record as the form made it. */
  data: Record<string, unknown>;
}

export type SyncAction =
  | 'CREATE_FIELD'
  | 'UPDATE_FIELD'
  | 'CREATE_SOIL_TEST'
  | 'CREATE_FERTILIZER_APPLICATION'
  | 'CREATE_IRRIGATION_EVENT'
  | 'CREATE_RAIN_READING'
  | 'CREATE_VISIT';

/**
 * How a queued write stands. `pending`: to be sent (or being retried); `waiting`: held until the record it belongs to
 * reaches the server (a soil test whose field's create failed); `failed`: given up, shown with its reason;
 * `conflict`: the server changed the record too (its version kept in `current`); `deleted`: the record was deleted
 * on the server while it was edited here.
 */
export type SyncState = 'pending' | 'waiting' | 'failed' | 'conflict' | 'deleted';

export interface SyncQueueItem {
  /** The client id of the write (also the record's id for creates; `<recordId>:update` for updates). */
  id: string;
  /** One of the offline writes (`SyncAction`); a name this version does not know is kept and shown as not sent. */
  action: SyncAction;
  /** The request body; an update also carries the id and the `lastModified` it was based on. */
  data: Record<string, unknown>;
  /**
   * The write's place in the queue, from a counter on this device, never the clock: a phone clock set back must not
   * send a soil test before its field. Later edits joining a write keep its place.
   */
  sequence: number;
  /** Grows with every change of `data` (an edit joining it): the engine removes the write only if it still has the revision it sent. */
  revision: number;
  /** The person who made the write (the database's owner): it is sent under their session only. */
  personId: string;
  /** When the write was made (ms), to say "Saved 2 h ago"; not its order. */
  timestamp: number;
  retryCount: number;
  maxRetries: number;
  state: SyncState;
  /** Why it failed, in the server's words, when it did. */
  reason?: string;
  /** Why it failed when the reason is this device's and not the server's (worded by the app in the person's language). */
  reasonCode?: 'UNKNOWN_ACTION';
  /** The server's error code when it refused the write, so the panel can offer the way out it asks for. */
  errorCode?: string;
  /** On a conflict: the record as the server holds it now. */
  current?: Record<string, unknown>;
  /** On `waiting`: the record whose create must reach the server first (a field's id). */
  waitingFor?: string;
  /**
   * An update's change sets sent without an answer coming back: one of them may have landed. A later refusal whose
   * record holds one of them is this device's own earlier write, not someone else's.
   */
  unanswered?: Record<string, unknown>[];
}

export interface QueryCacheEntry {
  key: string;
  value: string;
  storedAt: number;
}

export interface WeatherEntry {
  id: string;
  fieldId: string;
  /** When the forecast was fetched (ms). */
  timestamp: number;
  data: unknown;
}

export interface DocumentEntry {
  id: string;
  type: string;
  fieldId?: string;
  farmId?: string;
  createdAt: number;
  data: unknown;
}

export interface UserSetting {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  fields: EntityTable<LocalRecord, 'id'>;
  weather: EntityTable<WeatherEntry, 'id'>;
  soilTests: EntityTable<LocalRecord, 'id'>;
  fertilizerApplications: EntityTable<LocalRecord, 'id'>;
  irrigationEvents: EntityTable<LocalRecord, 'id'>;
  rainReadings: EntityTable<LocalRecord, 'id'>;
  visits: EntityTable<LocalRecord, 'id'>;
  documents: EntityTable<DocumentEntry, 'id'>;
  userSettings: EntityTable<UserSetting, 'key'>;
  syncQueue: EntityTable<SyncQueueItem, 'id'>;
  queryCache: EntityTable<QueryCacheEntry, 'key'>;
};

/** The tables that hold records made on this device. */
export type LocalRecordTable = 'fields' | 'soilTests' | 'fertilizerApplications' | 'irrigationEvents' | 'rainReadings' | 'visits';

export const OFFLINE_DB_VERSION = 3;
const DB_PREFIX = 'murimi-';

/** The person a database belongs to (`murimi-<userId>`): the person of every write kept in it. */
export const personOfDb = (db: Pick<Dexie, 'name'>): string => db.name.slice(DB_PREFIX.length);

type DexieModule = typeof import('dexie');
let dexieModule: DexieModule | null = null;
const loadDexie = async (): Promise<DexieModule> => (dexieModule ??= await import('dexie'));

export async function openOfflineDb(userId: string): Promise<OfflineDb> {
  const { Dexie } = await loadDexie();
  const db = new Dexie(`${DB_PREFIX}${userId}`) as OfflineDb;
  const stores = {
    fields: 'id, farmId, lastModified',
    weather: 'id, [fieldId+timestamp], timestamp',
    // `date` is the spec's testDate / applicationDate: each record's own date.
    soilTests: 'id, fieldId, date',
    fertilizerApplications: 'id, fieldId, date',
    irrigationEvents: 'id, fieldId, date',
    rainReadings: 'id, fieldId, date',
    documents: 'id, type, fieldId, farmId, createdAt',
    userSettings: 'key',
    syncQueue: 'id, action, timestamp, state',
    queryCache: 'key, storedAt',
  };
  db.version(1).stores(stores);
  db.version(2)
    .stores({ ...stores, syncQueue: 'id, action, sequence, state' })
    .upgrade((tx) => upgradeQueueToVersion2(tx.table('syncQueue'), personOfDb(tx.db)));
  // Version 3 adds field visits (their photos travel inside the record until it is sent).
  db.version(3).stores({ ...stores, syncQueue: 'id, action, sequence, state', visits: 'id, fieldId, date' });
  return db;
}

/**
 * Writes kept by version 1 were ordered by their timestamp: they keep that order as their sequence, start at
 * revision 1 and belong to the database's person. A conflict kept without the server's record (it could not be
 * settled) is asked again.
 */
async function upgradeQueueToVersion2(queue: Table<SyncQueueItem, string>, personId: string): Promise<void> {
  const items = await queue.toArray();
  items.sort((a, b) => a.timestamp - b.timestamp || (a.id < b.id ? -1 : 1));
  await queue.bulkPut(
    items.map((item, index) => ({
      ...item,
      sequence: index + 1,
      revision: 1,
      personId,
      ...(item.state === 'conflict' && typeof item.current?.lastModified !== 'string'
        ? { state: 'pending' as const, current: undefined }
        : {}),
    })),
  );
}

let current: { userId: string; db: OfflineDb | null; ready: Promise<OfflineDb | null>; openNow: () => void } | null = null;

/** The signed-in person's database once it is open; null before that and when nobody is signed in. */
export function offlineDb(): OfflineDb | null {
  return current?.db ?? null;
}

/** The signed-in person's database, waiting for it to open; null when nobody is signed in or IndexedDB is missing. */
export function offlineDbReady(): Promise<OfflineDb | null> {
  return current?.ready ?? Promise.resolve(null);
}

/**
 * The signed-in person's database, opened now if it was waiting for the page's load event: something must be kept
 * (an answer that just arrived, which a reload before the load event would otherwise lose) or read (offline, the
 * device's copy is all a screen has).
 */
export function offlineDbNow(): Promise<OfflineDb | null> {
  current?.openNow();
  return offlineDbReady();
}

/** Dexie's live queries, available once a database is open. */
export function liveQueryFunction(): typeof liveQuery | null {
  return dexieModule?.liveQuery ?? null;
}

/** Opens (or switches to) a person's database at sign-in or when a saved session is restored; null closes it. */
export function switchOfflineDb(userId: string | null): Promise<OfflineDb | null> {
  if (current?.userId === userId) return current.ready;
  current?.db?.close();
  if (!userId) {
    current = null;
    offlineDbChanged();
    return Promise.resolve(null);
  }
  let openNow = () => {};
  const asked = new Promise<void>((resolve) => (openNow = resolve));
  const opening: NonNullable<typeof current> = { userId, db: null, ready: Promise.resolve(null), openNow };
  // After the page's load event, so the first screen does not wait for the database code on a slow connection;
  // sooner when something must be kept or read (`offlineDbNow`).
  opening.ready = Promise.race([afterPageLoad(), asked])
    .then(() => openOfflineDb(userId))
    .then((db) => {
      if (current !== opening) {
        db.close();
        return null;
      }
      opening.db = db;
      offlineDbChanged();
      return db;
    })
    // No IndexedDB (a private window in some browsers): the app works online, nothing is kept.
    .catch(() => null);
  current = opening;
  return opening.ready;
}

function afterPageLoad(): Promise<void> {
  if (typeof document === 'undefined' || document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

const listeners = new Set<() => void>();
function offlineDbChanged() {
  for (const listener of listeners) listener();
}
export function onOfflineDbChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Removes a person's data from this device (sign-out): the whole database. */
export async function deleteOfflineDb(userId: string): Promise<void> {
  if (current?.userId === userId) {
    current.db?.close();
    current = null;
    offlineDbChanged();
  }
  const { Dexie } = await loadDexie();
  await Dexie.delete(`${DB_PREFIX}${userId}`);
}
