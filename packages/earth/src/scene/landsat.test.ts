import { describe, expect, it } from 'vitest';
import { landsatPixelIsClear, landsatReflectance } from './landsat.ts';

describe('Landsat Collection 2 Level-2', () => {
  it('scales DN to surface reflectance (0.0000275 · DN − 0.2), fill as no data', () => {
    const [fill, dark, green] = landsatReflectance([0, 7273, 12000]);
    expect(Number.isNaN(fill!)).toBe(true);
    expect(dark).toBeCloseTo(0.0000275 * 7273 - 0.2, 6);
    expect(green).toBeCloseTo(0.13, 6);
  });

  it('keeps a pixel only when fill, dilated cloud, cirrus, cloud and shadow bits are clear and nothing saturated', () => {
    expect(landsatPixelIsClear(21824)).toBe(true); // a typical clear-land QA_PIXEL value: bits 6, 8, 10, 12, 14
    for (const bit of [0, 1, 2, 3, 4]) expect(landsatPixelIsClear(21824 | (1 << bit))).toBe(false);
    expect(landsatPixelIsClear(21824, 2)).toBe(false);
  });
});
