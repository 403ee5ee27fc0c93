import type { DocumentEntry, OfflineDb } from '../../lib/offline-db.ts';
import { DEFAULT_PACK_LIMIT_MB } from './pack-size.ts';

/**
 * Where field packs live on the device: the files (basemap tiles, index images) in the person's own Cache Storage
 * cache (`pack-cache.ts`), where the service worker answers the map's and Crop Health's requests from; the screens'
 * reads in `queryCache`, kept as long as a pack lists them; and one record per farm in the offline database's
 * `documents` table that says which files and reads are the pack's. Several packs may share a file (neighbouring
 * farms share tiles), so a file leaves the cache only when no pack still lists it.
 */

export const FIELD_PACK_TYPE = 'field-pack';
/** The `userSettings` key of the storage limit for packs, in MB. */
export const PACK_LIMIT_SETTING = 'fieldPacks.limitMb';

/** What a pack holds, as measured when it was downloaded. */
export interface FieldPack {
  farmId: string;
  farmName: string;
  /** When the download finished (ms since 1970). */
  downloadedAt: number;
  fieldIds: string[];
  /** The tiles the pack asked for, and those that could not be fetched after a retry. */
  tilesPlanned: number;
  tilesMissing: number;
  /** Index images that could not be fetched (the field's others and its data are still kept). */
  imagesMissing: number;
  /** Every file this pack put into the cache (tiles and index images), as absolute URLs. */
  cachedUrls: string[];
  /**
   * The `queryCache` keys of the reads the pack's screens open with (`keptReadKey`): kept while the pack is, past
   * the 7 days other reads live. Packs downloaded before this was recorded have none.
   */
  readKeys?: string[];
  /** Bytes measured: tile and image bodies, and the JSON of the API answers kept for the screens. */
  bytes: { tiles: number; images: number; data: number; total: number };
}

/** The cache as the packs use it (Cache Storage in the browser, a stand-in in tests). */
export type PackCache = Pick<Cache, 'put' | 'delete' | 'match'>;

const packId = (farmId: string) => `${FIELD_PACK_TYPE}:${farmId}`;

const toPack = (entry: DocumentEntry) => entry.data as FieldPack;

/** Every pack on the device, newest first. */
export async function listPacks(db: OfflineDb): Promise<FieldPack[]> {
  const entries = await db.documents.where('type').equals(FIELD_PACK_TYPE).toArray();
  return entries.map(toPack).sort((a, b) => b.downloadedAt - a.downloadedAt);
}

export async function findPack(db: OfflineDb, farmId: string): Promise<FieldPack | null> {
  const entry = await db.documents.get(packId(farmId));
  return entry ? toPack(entry) : null;
}

/** The `queryCache` keys that the packs on this device hold: they stay as long as their pack. */
export async function readsHeldByPacks(db: OfflineDb): Promise<Set<string>> {
  return new Set((await listPacks(db)).flatMap((pack) => pack.readKeys ?? []));
}

/** Every URL the packs other than the given farm's list (all packs for null): files that must stay in the cache. */
async function urlsOfOtherPacks(db: OfflineDb, farmId: string | null): Promise<Set<string>> {
  const others = (await listPacks(db)).filter((pack) => pack.farmId !== farmId);
  return new Set(others.flatMap((pack) => pack.cachedUrls));
}

/** Removes from the cache each of `urls` that no pack but `farmId`'s (no pack at all for null) lists. */
export async function releaseUrls(db: OfflineDb, cache: PackCache, farmId: string | null, urls: Iterable<string>): Promise<void> {
  const kept = await urlsOfOtherPacks(db, farmId);
  for (const url of urls) {
    if (!kept.has(url)) await cache.delete(url);
  }
}

/**
 * Saves a farm's pack, replacing its earlier one: files the earlier pack had and the new one no longer lists leave
 * the cache unless another pack uses them.
 */
export async function savePack(db: OfflineDb, cache: PackCache, pack: FieldPack): Promise<void> {
  const earlier = await findPack(db, pack.farmId);
  await db.documents.put({ id: packId(pack.farmId), type: FIELD_PACK_TYPE, farmId: pack.farmId, createdAt: pack.downloadedAt, data: pack });
  if (earlier) {
    const now = new Set(pack.cachedUrls);
    await releaseUrls(
      db,
      cache,
      pack.farmId,
      earlier.cachedUrls.filter((url) => !now.has(url)),
    );
  }
}

/** Deletes a farm's pack: its record, and its files that no other pack uses. */
export async function deletePack(db: OfflineDb, cache: PackCache, farmId: string): Promise<void> {
  const pack = await findPack(db, farmId);
  if (!pack) return;
  await releaseUrls(db, cache, farmId, pack.cachedUrls);
  await db.documents.delete(packId(farmId));
}

/** The measured bytes of every pack but the given farm's (the one a new download would replace). */
export async function bytesOfOtherPacks(db: OfflineDb, farmId: string): Promise<number> {
  return (await listPacks(db)).filter((pack) => pack.farmId !== farmId).reduce((sum, pack) => sum + pack.bytes.total, 0);
}

/** The storage limit for packs on this device, in MB. */
export async function readPackLimitMb(db: OfflineDb): Promise<number> {
  const setting = await db.userSettings.get(PACK_LIMIT_SETTING);
  return typeof setting?.value === 'number' ? setting.value : DEFAULT_PACK_LIMIT_MB;
}

export async function writePackLimitMb(db: OfflineDb, limitMb: number): Promise<void> {
  await db.userSettings.put({ key: PACK_LIMIT_SETTING, value: limitMb });
}
