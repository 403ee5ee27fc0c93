import type { LocalRecordTable, OfflineDb, QueryCacheEntry } from '../../lib/offline-db.ts';
import { readsHeldByPacks } from '../field-packs/pack-store.ts';
import { recordIdOf } from './outbox.ts';

/** Spec §9: old data leaves the device after 7 days. */
export const OLD_DATA_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

const LOCAL_RECORD_TABLES: LocalRecordTable[] = ['fields', 'soilTests', 'fertilizerApplications', 'irrigationEvents', 'rainReadings'];

/**
 * Whether a kept read is past its time: stored over 7 days ago and held by no field pack (a pack's screens must open
 * offline for as long as its tiles are kept). `held` is `readsHeldByPacks(db)`.
 */
export const isKeptReadExpired = (entry: QueryCacheEntry, held: ReadonlySet<string>, now = Date.now(), maxAgeMs = OLD_DATA_MAX_AGE_MS) =>
  entry.storedAt < now - maxAgeMs && !held.has(entry.key);

/**
 * Removes what the device kept for reading that is older than `maxAgeMs` (saved answers, forecasts), and local copies
 * of records no write waits for any more. Never a write that has not reached the server, nor its record, however old:
 * those wait until they are sent or the person discards them. Field packs stay until deleted, and so do the reads
 * their screens open with.
 */
export async function cleanUpOldData(db: OfflineDb, now = Date.now(), maxAgeMs = OLD_DATA_MAX_AGE_MS): Promise<number> {
  const cutoff = now - maxAgeMs;
  const held = await readsHeldByPacks(db);
  let removed = await db.queryCache
    .where('storedAt')
    .below(cutoff)
    .filter((entry) => isKeptReadExpired(entry, held, now, maxAgeMs))
    .delete();
  removed += await db.weather.where('timestamp').below(cutoff).delete();
  const waiting = new Set((await db.syncQueue.toArray()).map(recordIdOf));
  for (const table of LOCAL_RECORD_TABLES) {
    removed += await db
      .table(table)
      .filter((record: { id: string; lastModified: number }) => !waiting.has(record.id) && record.lastModified < cutoff)
      .delete();
  }
  return removed;
}
