import { describe, expect, it } from 'vitest';
import {
  checkPackLimit,
  estimatePackBytes,
  parsePackLimitMb,
  roundedMb,
  TYPICAL_FIELD_DATA_BYTES,
  TYPICAL_TILE_BYTES,
} from './pack-size.ts';

describe('the size of a field pack before download', () => {
  it('estimates tiles at the typical tile size plus each field’s data', () => {
    expect(TYPICAL_TILE_BYTES).toBe(20_000);
    // 1,150 tiles and 3 fields: 23 MB of tiles and 0.18 MB of field data.
    expect(estimatePackBytes(1150, 3)).toBe(1150 * 20_000 + 3 * TYPICAL_FIELD_DATA_BYTES);
    expect(roundedMb(estimatePackBytes(1150, 3))).toMatchObject({ digits: 0 });
    expect(Math.round(roundedMb(estimatePackBytes(1150, 3)).mb)).toBe(23);
    // No imagery configured: the fields' data alone.
    expect(estimatePackBytes(0, 2)).toBe(2 * TYPICAL_FIELD_DATA_BYTES);
  });

  it('rounds small packs to a tenth of a MB and says when a pack is under that', () => {
    expect(roundedMb(2_340_000)).toEqual({ mb: 2.34, digits: 1, tiny: false });
    expect(roundedMb(40_000)).toEqual({ mb: 0.1, digits: 1, tiny: true });
  });

  it('refuses a pack that would take the packs on the device over the limit, counting the others', () => {
    expect(checkPackLimit(23_000_000, 0, 100)).toEqual({ fits: true, totalBytes: 23_000_000 });
    expect(checkPackLimit(23_000_000, 80_000_000, 100)).toEqual({ fits: false, totalBytes: 103_000_000, limitBytes: 100_000_000 });
    // Exactly at the limit still fits.
    expect(checkPackLimit(20_000_000, 80_000_000, 100).fits).toBe(true);
  });

  it('takes a limit of whole MB between 10 and 5000', () => {
    expect(parsePackLimitMb(' 250 ')).toBe(250);
    expect(parsePackLimitMb('9')).toBeNull();
    expect(parsePackLimitMb('12.5')).toBeNull();
    expect(parsePackLimitMb('')).toBeNull();
    expect(parsePackLimitMb('6000')).toBeNull();
  });
});
