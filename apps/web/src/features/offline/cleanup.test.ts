import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptReadKey } from '../../lib/kept-reads.ts';
import { openOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { deletePack, savePack } from '../field-packs/pack-store.ts';
import { FakePackCache } from '../field-packs/testing/fake-cache.ts';
import { packRecord } from '../field-packs/testing/pack-record.ts';
import { cleanUpOldData } from './cleanup.ts';

const day = 24 * 60 * 60_000;
const now = Date.parse('2026-12-10T08:00:00Z');
let db: OfflineDb;
let dbCount = 0;

beforeEach(async () => {
  dbCount += 1;
  db = await openOfflineDb(`cleanup-${dbCount}`);
});
afterEach(() => db.close());

describe('the clean-up of old data', () => {
  it('keeps a pack’s screen data past 7 days for as long as the pack is on the device', async () => {
    const farmFields = keptReadKey(['farms', 'farm-1', 'fields']);
    const fieldHealth = keptReadKey(['analyses', 'f1', 'health', 'h1']);
    const alerts = keptReadKey(['alerts']);
    await db.queryCache.bulkPut([
      { key: farmFields, value: '[]', storedAt: now - 30 * day },
      { key: fieldHealth, value: '{}', storedAt: now - 30 * day },
      { key: alerts, value: '[]', storedAt: now - 30 * day },
    ]);
    const cache = new FakePackCache();
    await savePack(db, cache, packRecord('farm-1', ['https://tiles.example/15/1/1.jpg'], { readKeys: [farmFields, fieldHealth] }));

    expect(await cleanUpOldData(db, now)).toBe(1);
    expect((await db.queryCache.toArray()).map((entry) => entry.key).sort()).toEqual([fieldHealth, farmFields].sort());

    // Once the pack is deleted its screens' data is like any other kept read: gone after 7 days.
    await deletePack(db, cache, 'farm-1');
    expect(await cleanUpOldData(db, now)).toBe(2);
    expect(await db.queryCache.count()).toBe(0);
  });
});
