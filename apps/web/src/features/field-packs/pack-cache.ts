import type { OfflineDb } from '../../lib/offline-db.ts';
import { fieldPackCacheName, SHARED_FIELD_PACK_CACHE } from './pack-cache-names.ts';
import { listPacks } from './pack-store.ts';

/** Each person's offline database is named `murimi-<userId>` (`lib/offline-db.ts`). */
const PERSON_DB_PREFIX = 'murimi-';

/** The person whose offline database this is. */
export function personOfDb(db: OfflineDb): string {
  if (!db.name.startsWith(PERSON_DB_PREFIX)) throw new Error(`Not a person's offline database: ${db.name}`);
  return db.name.slice(PERSON_DB_PREFIX.length);
}

/** The Cache Storage cache of the packs of the person whose database this is. */
export const openPackCache = (db: OfflineDb): Promise<Cache> => caches.open(fieldPackCacheName(personOfDb(db)));

/** Removes a person's pack files from this device (sign-out), and what is left of the cache earlier versions shared. */
export async function removePackFilesOf(userId: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(fieldPackCacheName(userId));
  await caches.delete(SHARED_FIELD_PACK_CACHE);
}

/**
 * Packs downloaded before each person had a cache of their own kept their files in one shared cache, which the
 * service worker no longer serves. When a person's database opens, the files their packs list move into their own
 * cache, so those packs keep working offline. (A file another person's pack lists moves again when that person signs
 * in; the shared cache goes at the next sign-out, as it always did.) Returns the number of files copied.
 */
export async function adoptSharedPackFiles(db: OfflineDb): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(SHARED_FIELD_PACK_CACHE))) return 0;
  const shared = await caches.open(SHARED_FIELD_PACK_CACHE);
  const own = await openPackCache(db);
  let copied = 0;
  for (const url of new Set((await listPacks(db)).flatMap((pack) => pack.cachedUrls))) {
    if (await own.match(url)) continue;
    const file = await shared.match(url);
    if (!file) continue;
    await own.put(url, file);
    copied += 1;
  }
  return copied;
}
