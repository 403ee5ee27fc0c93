/**
 * How big a field pack will be before it is fetched, and whether it fits the limit the farmer set for this device.
 */

/**
 * A typical 256 px satellite tile, in bytes. Sample and Ioup (Tile-Based Geospatial Information Systems, 2010,
 * table 4.4) measure a 256 × 256 JPEG of satellite imagery at 14,267 bytes; sub-metre imagery of fields, tracks and
 * trees carries more detail than their global mosaic, so the estimate takes 20 KB and errs on the high side. The pack
 * records what it really measured once downloaded.
 */
export const TYPICAL_TILE_BYTES = 20_000;

/**
 * A field's data in a pack, in bytes: its boundary, latest analyses and season's scenes as JSON, and its index images
 * (small PNGs of the field alone). Measured on the demo's Chikomo Farm: 161 KB of JSON and 23 KB of images for three
 * fields, about 61 KB a field.
 */
export const TYPICAL_FIELD_DATA_BYTES = 60_000;

/** The storage a person allows field packs on this device unless they change it. */
export const DEFAULT_PACK_LIMIT_MB = 100;
export const MIN_PACK_LIMIT_MB = 10;
export const MAX_PACK_LIMIT_MB = 5_000;

const BYTES_PER_MB = 1_000_000;

export const bytesToMb = (bytes: number) => bytes / BYTES_PER_MB;

/** The estimated size of a pack in bytes. */
export function estimatePackBytes(tileCount: number, fieldCount: number): number {
  return tileCount * TYPICAL_TILE_BYTES + fieldCount * TYPICAL_FIELD_DATA_BYTES;
}

export type LimitCheck = { fits: true; totalBytes: number } | { fits: false; totalBytes: number; limitBytes: number };

/**
 * Whether a new pack fits: its estimate added to the packs already on the device (the one it replaces left out)
 * against the limit.
 */
export function checkPackLimit(estimateBytes: number, otherPacksBytes: number, limitMb: number): LimitCheck {
  const totalBytes = estimateBytes + otherPacksBytes;
  const limitBytes = limitMb * BYTES_PER_MB;
  return totalBytes <= limitBytes ? { fits: true, totalBytes } : { fits: false, totalBytes, limitBytes };
}

/** A limit typed by the person: a whole number of MB within bounds, else null. */
export function parsePackLimitMb(text: string): number | null {
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value < MIN_PACK_LIMIT_MB || value > MAX_PACK_LIMIT_MB) return null;
  return value;
}

/** Megabytes as the screens round them: one decimal under 10 MB, whole above; "under 0.1" is its own case. */
export function roundedMb(bytes: number): { mb: number; digits: number; tiny: boolean } {
  const mb = bytesToMb(bytes);
  if (mb < 0.1) return { mb: 0.1, digits: 1, tiny: true };
  return mb < 10 ? { mb, digits: 1, tiny: false } : { mb, digits: 0, tiny: false };
}
