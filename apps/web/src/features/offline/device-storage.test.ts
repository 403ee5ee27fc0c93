import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { describeError } from '../../lib/form-errors.ts';
import { keptReadKey } from '../../lib/kept-reads.ts';
import { switchOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { listPacks, savePack, type FieldPack } from '../field-packs/pack-store.ts';
import { FakePackCache } from '../field-packs/testing/fake-cache.ts';
import { packRecord } from '../field-packs/testing/pack-record.ts';
import { toastStore } from '../toasts/toast-store.ts';
import { keepStorageOnDevice } from './device-storage.ts';
import { queueWrite } from './outbox.ts';
import { sendOrQueue, syncEngine } from './sync-runtime.ts';

/** Pack files with their sizes, as the browser counts them against the site's quota. */
class MeteredPackCache extends FakePackCache {
  readonly sizes = new Map<string, number>();
  get bytes() {
    return [...this.sizes.values()].reduce((sum, size) => sum + size, 0);
  }
  override async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const size = (await response.clone().blob()).size;
    await super.put(request, response);
    this.sizes.set(new URL(String(request)).href, size);
  }
  override async delete(request: RequestInfo | URL): Promise<boolean> {
    this.sizes.delete(new URL(String(request)).href);
    return super.delete(request);
  }
}

interface RawStores {
  rawObjectStores: Map<string, { records: { values(): Iterable<{ value: unknown }> } }>;
}
type MeteredStore = IDBObjectStore & { _rawObjectStore: { rawDatabase: RawStores } };

/** What the site holds on the simulated phone: every IndexedDB record as JSON, and the pack files. */
function usedBytes(database: RawStores): number {
  let bytes = cache.bytes;
  for (const store of database.rawObjectStores.values()) {
    for (const record of store.records.values()) bytes += JSON.stringify(record.value).length;
  }
  return bytes;
}

/**
 * A phone whose storage for the site holds `quotaBytes`: IndexedDB refuses a put that would go past it with a
 * QuotaExceededError, as a browser does, and Dexie passes that on through the queue's transaction.
 */
function fillPhoneAt(quotaBytes: number): void {
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
    const database = (this as MeteredStore)._rawObjectStore.rawDatabase;
    if (usedBytes(database) + JSON.stringify(value).length > quotaBytes) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return put.call(this, value, key);
  });
}

const network = { onLine: false, storage: undefined as unknown };
let db: OfflineDb;
let cache: MeteredPackCache;
let openedCaches: string[];
let users = 0;
const day = 24 * 60 * 60_000;

beforeEach(async () => {
  vi.stubGlobal('navigator', network);
  network.onLine = false;
  network.storage = undefined;
  users += 1;
  db = (await switchOfflineDb(`full-phone-${users}`))!;
  cache = new MeteredPackCache();
  openedCaches = [];
  vi.stubGlobal('caches', {
    open: (name: string) => {
      openedCaches.push(name);
      return Promise.resolve(cache);
    },
  });
  vi.spyOn(syncEngine, 'sync').mockResolvedValue({ status: 'busy' });
  for (const toast of toastStore.getState()) toastStore.dismiss(toast.id);
});
afterEach(async () => {
  await switchOfflineDb(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const soilTest = (id: string) => ({ id, fieldId: 'f1', sampleDate: '2026-11-12', unit: 'ppm', nitrogen: 12 });
const TEN_KB = 'x'.repeat(10_000);

/** A kept read of `name`, stored `daysAgo` days ago. */
const keptRead = (name: string, daysAgo: number) => ({
  key: keptReadKey(['reads', name]),
  value: TEN_KB,
  storedAt: Date.now() - daysAgo * day,
});

/** A farm's pack: 100 KB of tiles, and the reads of its screens. */
async function keepPack(farmId: string, farmName: string, downloadedAt: number, readNames: string[]): Promise<FieldPack> {
  const cachedUrls = [1, 2].map((n) => `https://tiles.example/${farmId}/${n}.jpg`);
  for (const url of cachedUrls) await cache.put(url, new Response(new Uint8Array(50_000)));
  await db.queryCache.bulkPut(readNames.map((name) => keptRead(name, 1)));
  const pack = packRecord(farmId, cachedUrls, {
    farmName,
    downloadedAt,
    readKeys: readNames.map((name) => keptReadKey(['reads', name])),
    bytes: { tiles: 100_000, images: 0, data: 0, total: 100_000 },
  });
  await savePack(db, cache, pack);
  return pack;
}

/**
 * Two writes already waiting, six kept reads no pack holds (1 to 6 days old), the older pack of Chikomo Farm (two
 * reads) and the newer one of Mutasa Farm (one read).
 */
async function fillDevice(): Promise<void> {
  await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('waiting-1'), Date.now() - 3 * day);
  await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('waiting-2'), Date.now() - 2 * day);
  await db.queryCache.bulkPut([6, 5, 4, 3, 2, 1].map((daysAgo) => keptRead(`old-${daysAgo}`, daysAgo)));
  await keepPack('farm-a', 'Chikomo Farm', Date.now() - 20 * day, ['farm-a', 'field-a1']);
  await keepPack('farm-b', 'Mutasa Farm', Date.now() - 5 * day, ['farm-b']);
}

const deviceBytes = async () => {
  const backend = db.backendDB() as unknown as { _rawDatabase: RawStores };
  return usedBytes(backend._rawDatabase);
};
const keptReadNames = async () =>
  (await db.queryCache.toArray()).map((entry) => JSON.parse(entry.key.slice('tanstack-query-'.length))[1]).sort();
const toastMessages = () => toastStore.getState().map((toast) => toast.message);

describe('a change made when the phone is full', () => {
  it('frees the oldest kept reads first and keeps the change, touching neither packs nor the queue', async () => {
    await fillDevice();
    // Room for the change once 30 KB (three of the reads no pack holds) has gone.
    fillPhoneAt((await deviceBytes()) - 25_000);

    const answer = await sendOrQueue('CREATE_SOIL_TEST', soilTest('new'), () => Promise.reject(new Error('offline')));

    expect(answer).toMatchObject({ id: 'new', syncState: 'pending' });
    expect((await db.syncQueue.toArray()).map((item) => item.id).sort()).toEqual(['new', 'waiting-1', 'waiting-2']);
    expect(await db.soilTests.get('new')).toBeDefined();
    // The three oldest reads went; the newer ones, and every read a pack holds, stayed.
    expect(await keptReadNames()).toEqual(['farm-a', 'farm-b', 'field-a1', 'old-1', 'old-2', 'old-3']);
    expect((await listPacks(db)).map((pack) => pack.farmName)).toEqual(['Mutasa Farm', 'Chikomo Farm']);
    expect(toastMessages()).toEqual([
      'Your phone was out of space. To keep your change, Murimi removed 3 screens kept for reading offline.',
    ]);
  });

  it('removes the oldest pack, with its files and reads, when the reads are not enough', async () => {
    await fillDevice();
    // Freeing all six reads (60 KB) is not enough; the older pack's 100 KB of tiles and 20 KB of reads is.
    fillPhoneAt((await deviceBytes()) - 100_000);

    const answer = await sendOrQueue('CREATE_SOIL_TEST', soilTest('new'), () => Promise.reject(new Error('offline')));

    expect(answer).toMatchObject({ id: 'new', syncState: 'pending' });
    expect((await db.syncQueue.toArray()).map((item) => item.id).sort()).toEqual(['new', 'waiting-1', 'waiting-2']);
    expect((await listPacks(db)).map((pack) => pack.farmName)).toEqual(['Mutasa Farm']);
    expect(cache.urls()).toEqual(['https://tiles.example/farm-b/1.jpg', 'https://tiles.example/farm-b/2.jpg']);
    expect(await keptReadNames()).toEqual(['farm-b']);
    // The person's own pack cache, not one shared by everyone on the phone.
    expect(new Set(openedCaches)).toEqual(new Set([`murimi-field-packs-v1-full-phone-${users}`]));
    expect(toastMessages()).toEqual([
      'Your phone was out of space. To keep your change, Murimi removed 8 screens kept for reading offline and the offline pack of Chikomo Farm.',
    ]);
  });

  it('when nothing more can be freed, says so in a sentence and deletes nothing of the queue', async () => {
    await fillDevice();
    fillPhoneAt(1_000);

    const failure = await sendOrQueue('CREATE_SOIL_TEST', soilTest('new'), () => Promise.reject(new Error('offline'))).catch(
      (error: unknown) => error,
    );

    expect(describeError(failure)).toBe(
      'This phone’s storage is full, so Murimi could not keep this on it. Free some space (photos, videos or apps you no longer need) and try again. Changes already waiting to be sent stay on the phone.',
    );
    expect(describeError(failure)).not.toMatch(/quota|Dexie/i);
    expect((await db.syncQueue.toArray()).map((item) => item.id).sort()).toEqual(['waiting-1', 'waiting-2']);
    expect((await db.soilTests.toArray()).map((record) => record.id).sort()).toEqual(['waiting-1', 'waiting-2']);
    expect(toastMessages()).toEqual([
      'Your phone was out of space. Murimi removed 9 screens kept for reading offline, the offline pack of Chikomo Farm and the offline pack of Mutasa Farm, but that was not enough to keep your change.',
    ]);
  });

  it('passes on any other failure of the device database unchanged, freeing nothing', async () => {
    await fillDevice();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('Internal error.', 'UnknownError');
    });
    await expect(sendOrQueue('CREATE_SOIL_TEST', soilTest('new'), () => Promise.reject(new Error('offline')))).rejects.toMatchObject({
      name: 'UnknownError',
    });
    vi.restoreAllMocks();
    expect(await db.queryCache.count()).toBe(9);
    expect(toastMessages()).toEqual([]);
  });
});

describe('asking the browser to keep the site’s storage', () => {
  /** `navigator.storage` as a browser that has not yet made this site's storage persistent. */
  function storageStub(persisted = false) {
    const storage = { persisted: vi.fn().mockResolvedValue(persisted), persist: vi.fn().mockResolvedValue(true) };
    network.storage = storage;
    return storage;
  }

  it('asks once, when the first write is queued', async () => {
    const storage = storageStub();
    await sendOrQueue('CREATE_SOIL_TEST', soilTest('one'), () => Promise.reject(new Error('offline')));
    await vi.waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
    await sendOrQueue('CREATE_SOIL_TEST', soilTest('two'), () => Promise.reject(new Error('offline')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask while nothing is kept (a write sent at once), nor when the storage is already kept', async () => {
    const storage = storageStub(true);
    network.onLine = true;
    await sendOrQueue('CREATE_SOIL_TEST', soilTest('sent'), () => Promise.resolve(soilTest('sent')));
    expect(storage.persisted).not.toHaveBeenCalled();
    network.onLine = false;
    await sendOrQueue('CREATE_SOIL_TEST', soilTest('kept'), () => Promise.reject(new Error('offline')));
    await vi.waitFor(() => expect(storage.persisted).toHaveBeenCalledTimes(1));
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('goes on quietly where the browser refuses to be asked', async () => {
    const refusing = { persisted: vi.fn().mockRejectedValue(new DOMException('Not allowed', 'SecurityError')), persist: vi.fn() };
    await expect(keepStorageOnDevice(refusing as unknown as StorageManager)).resolves.toBeUndefined();
    await expect(keepStorageOnDevice(undefined)).resolves.toBeUndefined();
  });
});
