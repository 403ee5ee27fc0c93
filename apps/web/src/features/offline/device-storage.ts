import i18next from 'i18next';
import { formatList } from '../../lib/format.ts';
import { deleteOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { DeviceStorageFullError, isStorageFull } from '../../lib/storage-full.ts';
import { openPackCache, removePackFilesOf } from '../field-packs/pack-cache.ts';
import { deletePack, listPacks, readsHeldByPacks } from '../field-packs/pack-store.ts';
import { showToast } from '../toasts/toast-store.ts';

/**
 * What this device keeps of a person, and room for it: the browser is asked not to evict the site's data once there
 * is something worth keeping (a queued write, a pack); a write the full storage refuses makes room by removing what
 * can be fetched again, never another write; sign-out removes the person's database and pack files.
 */

/** How long the toast saying what was removed to make room stays: long enough to read two lines. */
const FREED_TOAST_MS = 10_000;

// Asked once per page (and per storage object, so that tests with their own stub each start afresh): Chrome decides
// silently from how the site is used, Firefox asks the person, and neither changes its answer within a visit.
const askedToPersist = new WeakSet<StorageManager>();

/**
 * Asks the browser to keep this site's storage when the device runs short of space (`navigator.storage.persist()`),
 * once per page, the first time a write is queued or a pack downloaded. Without it a browser may evict everything
 * the site keeps, queued writes included, under storage pressure. A refusal changes nothing else.
 */
export async function keepStorageOnDevice(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<void> {
  if (!storage?.persist || askedToPersist.has(storage)) return;
  askedToPersist.add(storage);
  try {
    if (!(await storage.persisted())) await storage.persist();
  } catch {
    // Not allowed here (an insecure context, a private window): the data is kept as best the browser can.
  }
}

/** What was removed from the device to make room for a write. */
interface Freed {
  reads: number;
  /** The farms whose packs went. */
  packs: string[];
}

/**
 * Steps that each remove something the device can fetch again, least missed first; the write is tried again after
 * each. Kept reads no pack holds go first, the oldest half and then the rest; then whole packs, the oldest download
 * first, with the reads only they held. The queue and the records its writes carry are never touched.
 */
async function* makeRoom(db: OfflineDb, freed: Freed): AsyncGenerator<void> {
  const held = await readsHeldByPacks(db);
  const unheld = (await db.queryCache.orderBy('storedAt').primaryKeys()).filter((key) => !held.has(key));
  const olderHalf = Math.ceil(unheld.length / 2);
  for (const batch of [unheld.slice(0, olderHalf), unheld.slice(olderHalf)]) {
    if (batch.length === 0) continue;
    await db.queryCache.bulkDelete(batch);
    freed.reads += batch.length;
    yield;
  }
  const packs = (await listPacks(db)).reverse();
  if (packs.length === 0) return;
  const cache = await openPackCache(db);
  for (const pack of packs) {
    await deletePack(db, cache, pack.farmId);
    const stillHeld = await readsHeldByPacks(db);
    const released = (pack.readKeys ?? []).filter((key) => !stillHeld.has(key));
    await db.queryCache.bulkDelete(released);
    freed.reads += released.length;
    freed.packs.push(pack.farmName);
    yield;
  }
}

function describeFreed(freed: Freed, kept: boolean): string {
  const parts = [
    ...(freed.reads > 0 ? [i18next.t('sync.storage.reads', { ns: 'common', count: freed.reads })] : []),
    ...freed.packs.map((farm) => i18next.t('sync.storage.pack', { ns: 'common', farm })),
  ];
  return i18next.t(kept ? 'sync.storage.freed' : 'sync.storage.freedNotEnough', { ns: 'common', what: formatList(parts) });
}

/**
 * Keeps a write on the device (`write` is the queue's transaction). When the full storage refuses it, it makes room
 * step by step (`makeRoom`) and tries again after each; the person is told in words what was removed. When nothing
 * more can be removed it fails with `DeviceStorageFullError`, which forms show as a sentence (`describeError`), and
 * the queue is as it was. Once a write is kept, the browser is asked to keep the site's storage.
 */
export async function keepOnDevice<T>(db: OfflineDb, write: () => Promise<T>): Promise<T> {
  const freed: Freed = { reads: 0, packs: [] };
  let kept = false;
  try {
    const room = makeRoom(db, freed);
    for (;;) {
      try {
        const answer = await write();
        kept = true;
        void keepStorageOnDevice();
        return answer;
      } catch (error) {
        if (!isStorageFull(error)) throw error;
        // Nothing left to remove, or removing failed: the write is refused with a sentence, the queue as it was.
        const step = await room.next().catch(() => ({ done: true }));
        if (step.done) throw new DeviceStorageFullError({ cause: error });
      }
    }
  } finally {
    if (freed.reads > 0 || freed.packs.length > 0) showToast(describeFreed(freed, kept), { type: 'warning', duration: FREED_TOAST_MS });
  }
}

/** Everything of a person's on this device (sign-out): their offline database and their packs' files. */
export async function removeDeviceDataOf(userId: string): Promise<void> {
  await deleteOfflineDb(userId).catch(() => undefined);
  await removePackFilesOf(userId).catch(() => undefined);
}
