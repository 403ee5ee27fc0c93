import { describe, expect, it } from 'vitest';
import { toReflectance } from './reflectance.ts';
import { landsatMaskReason, landsatPixelIsClear, landsatReflectance, landsatReflectanceRule } from './landsat.ts';

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

  it('takes each band’s rule from its own raster:bands, else the USGS constants', () => {
    const facts = {
      collection: 'landsat-c2-l2',
      bands: { red: { scale: 0.0000275, offset: -0.2 }, nir08: { scale: 0.00005, offset: -0.1 } },
    };
    expect(landsatReflectanceRule(facts, 'red')).toEqual({ scale: 0.0000275, offset: -0.2, basis: 'raster-bands' });
    expect(landsatReflectanceRule(facts, 'nir08')).toEqual({ scale: 0.00005, offset: -0.1, basis: 'raster-bands' });
    const usgs = landsatReflectanceRule(facts, 'swir16');
    expect(usgs).toEqual({ scale: 0.0000275, offset: -0.2, basis: 'landsat-c2-l2-usgs' });
    expect(toReflectance([12000], usgs)[0]).toBeCloseTo(0.13, 6);
    expect(landsatReflectanceRule({ collection: 'landsat-c2-l2', bands: { red: { scale: null, offset: null } } }, 'red').basis).toBe(
      'landsat-c2-l2-usgs',
    );
  });

  it('gives the reason QA_PIXEL masks a pixel, one per pixel: fill, cloud (dilated too), cirrus, shadow', () => {
    // Landsat 8 values: clear land, clear water, snow (bit 5) is not one of the masked bits.
    expect([21824, 21952, 21824 | (1 << 5)].map(landsatMaskReason)).toEqual([null, null, null]);
    expect(landsatMaskReason(1)).toBe('noData');
    expect(landsatMaskReason(22280)).toBe('cloud'); // bit 3, high confidence
    expect(landsatMaskReason(21762)).toBe('cloud'); // bit 1, dilated cloud
    expect(landsatMaskReason(54596)).toBe('cirrus'); // bit 2
    expect(landsatMaskReason(23888)).toBe('shadow'); // bit 4
    expect(landsatMaskReason(22280 | (1 << 4))).toBe('cloud');
    expect(landsatMaskReason(1 | (1 << 3))).toBe('noData');
  });
});
