import type { LocalRecordTable, OfflineDb } from '../../lib/offline-db.ts';
import { recordIdOf } from './outbox.ts';

/** Spec §9: old data leaves the device after 7 days. */
export const OLD_DATA_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

const LOCAL_RECORD_TABLES: LocalRecordTable[] = ['fields', 'soilTests', 'fertilizerApplications', 'irrigationEvents', 'rainReadings'];

/**
 * Removes what the device kept for reading that is older than `maxAgeMs` (saved answers, forecasts), and local copies
 * of records no write waits for any more. Never a write that has not reached the server, nor its record, however old:
 * those wait until they are sent or the person discards them. Field packs stay until deleted.
 */
export async function cleanUpOldData(db: OfflineDb, now = Date.now(), maxAgeMs = OLD_DATA_MAX_AGE_MS): Promise<number> {
  const cutoff = now - maxAgeMs;
  let removed = await db.queryCache.where('storedAt').below(cutoff).delete();
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
