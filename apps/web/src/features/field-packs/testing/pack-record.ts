import type { FieldPack } from '../pack-store.ts';

/** A pack's record as the store keeps it: the farm and the files it lists, with nothing measured unless told. */
export const packRecord = (farmId: string, cachedUrls: string[] = [], more: Partial<FieldPack> = {}): FieldPack => ({
  farmId,
  farmName: farmId,
  downloadedAt: 1,
  fieldIds: [],
  tilesPlanned: cachedUrls.length,
  tilesMissing: 0,
  imagesMissing: 0,
  cachedUrls,
  bytes: { tiles: 0, images: 0, data: 0, total: 0 },
  ...more,
});
