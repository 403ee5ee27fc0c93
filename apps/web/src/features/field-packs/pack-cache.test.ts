import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { removeDeviceDataOf } from '../offline/device-storage.ts';
import { adoptSharedPackFiles, openPackCache, personOfDb } from './pack-cache.ts';
import { fieldPackCacheName, SHARED_FIELD_PACK_CACHE } from './pack-cache-names.ts';
import { listPacks, savePack } from './pack-store.ts';
import { FakePackCache } from './testing/fake-cache.ts';
import { packRecord } from './testing/pack-record.ts';

/** The browser's Cache Storage in memory: caches by name, created when opened. */
class FakeCacheStorage {
  readonly byName = new Map<string, FakePackCache>();
  open(name: string) {
    if (!this.byName.has(name)) this.byName.set(name, new FakePackCache());
    return Promise.resolve(this.byName.get(name)! as unknown as Cache);
  }
  has(name: string) {
    return Promise.resolve(this.byName.has(name));
  }
  delete(name: string) {
    return Promise.resolve(this.byName.delete(name));
  }
}

let storage: FakeCacheStorage;
const opened: OfflineDb[] = [];
const openDb = async (userId: string) => {
  const db = await openOfflineDb(userId);
  opened.push(db);
  return db;
};

beforeEach(() => {
  storage = new FakeCacheStorage();
  vi.stubGlobal('caches', storage);
});
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  vi.unstubAllGlobals();
});

const TILE = 'https://tiles.example/15/18710/14860.jpg';

describe('each person’s pack files on a shared phone', () => {
  it('keeps them in a cache of that person’s, and one person’s sign-out leaves another’s packs whole', async () => {
    const tariro = await openDb(`tariro-${crypto.randomUUID()}`);
    const chipo = await openDb(`chipo-${crypto.randomUUID()}`);
    expect(personOfDb(tariro)).toBe(tariro.name.slice('murimi-'.length));
    for (const db of [tariro, chipo]) {
      const cache = await openPackCache(db);
      await cache.put(TILE, new Response('tile'));
      await savePack(db, cache, packRecord('farm-1', [TILE]));
    }
    expect([...storage.byName.keys()].sort()).toEqual(
      [fieldPackCacheName(personOfDb(chipo)), fieldPackCacheName(personOfDb(tariro))].sort(),
    );

    chipo.close();
    await removeDeviceDataOf(personOfDb(chipo));

    expect([...storage.byName.keys()]).toEqual([fieldPackCacheName(personOfDb(tariro))]);
    expect(await (await openPackCache(tariro)).match(TILE)).toBeDefined();
    expect(await listPacks(tariro)).toHaveLength(1);
  });

  it('moves the files a person’s packs list out of the cache earlier versions shared, and nothing else', async () => {
    const shared = await storage.open(SHARED_FIELD_PACK_CACHE);
    const otherTile = 'https://tiles.example/15/1/1.jpg';
    await shared.put(TILE, new Response('tile'));
    await shared.put(otherTile, new Response('someone else’s tile'));
    const db = await openDb(`tariro-${crypto.randomUUID()}`);
    await savePack(db, new FakePackCache(), packRecord('farm-1', [TILE, 'https://tiles.example/never-fetched.jpg']));

    expect(await adoptSharedPackFiles(db)).toBe(1);
    const own = storage.byName.get(fieldPackCacheName(personOfDb(db)))!;
    expect(own.urls()).toEqual([TILE]);
    expect(await (await own.match(TILE))!.text()).toBe('tile');
    // A second start copies nothing again.
    expect(await adoptSharedPackFiles(db)).toBe(0);
  });

  it('does nothing where no shared cache is left', async () => {
    const db = await openDb(`tariro-${crypto.randomUUID()}`);
    expect(await adoptSharedPackFiles(db)).toBe(0);
    expect([...storage.byName.keys()]).toEqual([]);
  });
});
