import type { Dexie, EntityTable, liveQuery } from 'dexie';

/**
 * The device's own copy of a signed-in person's data (spec §3 "Local offline stores"), one IndexedDB database per
 * user (`murimi-<userId>`), so one person's records never show for another on a shared phone. Version 1 holds the
 * spec's stores with its indexes; a later version adds a `.version(2).stores(…)` with an upgrade, never edits this one.
 * Dexie is loaded when someone signs in, so the public pages do not carry it.
 *
 * - Records written on this device and not yet on the server (`fields`, `soilTests`, `fertilizerApplications`,
 *   `irrigationEvents`, `rainReadings`): the record as the forms made it, shown in lists as pending until sent.
 * - `syncQueue`: the writes waiting to be sent, oldest first (`features/offline/outbox.ts`).
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
  | 'CREATE_RAIN_READING';

/** `pending`: waiting or being retried; `failed`: gave up, shown with its reason; `conflict`: the server changed it too. */
export type SyncState = 'pending' | 'failed' | 'conflict';

export interface SyncQueueItem {
  /** The client id of the write (also the record's id for creates). */
  id: string;
  action: SyncAction;
  /** The request body; an update also carries the id and the `lastModified` it was based on. */
  data: Record<string, unknown>;
  /** When the write was made (ms). The queue is sent oldest first. */
  timestamp: number;
  retryCount: number;
  maxRetries: number;
  state: SyncState;
  /** Why it failed, in the server's words, when it did. */
  reason?: string;
  /** On a conflict: the record as the server holds it now. */
  current?: Record<string, unknown>;
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
  documents: EntityTable<DocumentEntry, 'id'>;
  userSettings: EntityTable<UserSetting, 'key'>;
  syncQueue: EntityTable<SyncQueueItem, 'id'>;
  queryCache: EntityTable<QueryCacheEntry, 'key'>;
};

/** The tables that hold records made on this device. */
export type LocalRecordTable = 'fields' | 'soilTests' | 'fertilizerApplications' | 'irrigationEvents' | 'rainReadings';

export const OFFLINE_DB_VERSION = 1;
const DB_PREFIX = 'murimi-';

type DexieModule = typeof import('dexie');
let dexieModule: DexieModule | null = null;
const loadDexie = async (): Promise<DexieModule> => (dexieModule ??= await import('dexie'));

export async function openOfflineDb(userId: string): Promise<OfflineDb> {
  const { Dexie } = await loadDexie();
  const db = new Dexie(`${DB_PREFIX}${userId}`) as OfflineDb;
  db.version(OFFLINE_DB_VERSION).stores({
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
  });
  return db;
}

let current: { userId: string; db: OfflineDb | null; ready: Promise<OfflineDb | null> } | null = null;

/** The signed-in person's database once it is open; null before that and when nobody is signed in. */
export function offlineDb(): OfflineDb | null {
  return current?.db ?? null;
}

/** The signed-in person's database, waiting for it to open; null when nobody is signed in or IndexedDB is missing. */
export function offlineDbReady(): Promise<OfflineDb | null> {
  return current?.ready ?? Promise.resolve(null);
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
  const opening: NonNullable<typeof current> = { userId, db: null, ready: Promise.resolve(null) };
  // After the page's load event: the first screen does not wait for the database code on a slow connection.
  opening.ready = afterPageLoad()
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

/** Cache Storage of offline field packs (basemap tiles and index images), answered by the service worker. */
export const FIELD_PACK_CACHE = 'murimi-field-packs-v1';

/** Everything of a person's on this device: their database and the field packs' images (sign-out). */
export async function removeDeviceData(userId: string): Promise<void> {
  await deleteOfflineDb(userId).catch(() => undefined);
  if (typeof caches !== 'undefined') await caches.delete(FIELD_PACK_CACHE).catch(() => undefined);
}
