import { describe, expect, it } from 'vitest';
import { findCropType, type CropType } from '../../crops/crop-catalogue.ts';
import { soilTextures } from '../../schemas/field.ts';
import { cropCoefficientCurve } from './crop-coefficient.ts';
import {
  INITIAL_ROOT_DEPTH_M,
  adjustedDepletionFraction,
  cropMaxRootDepthM,
  readilyAvailableWaterMm,
  rootDepthOnDay,
  rootZoneOnDay,
  soilWaterProperties,
  totalAvailableWaterMm,
} from './root-zone.ts';

function crop(id: string): CropType {
  const entry = findCropType(id);
  if (!entry) throw new Error(`no catalogue entry ${id}`);
  return entry;
}

describe('soil water from FAO-56 Table 19', () => {
  it('gives every USDA class a value, and flags the three Table 19 lacks', () => {
    for (const texture of soilTextures) {
      const soil = soilWaterProperties(texture);
      expect(soil.texture).toBe(texture);
      expect(soil.availableWaterM3PerM3).toBeGreaterThan(0.05);
      expect(soil.availableWaterM3PerM3).toBeLessThan(0.2);
      expect(soil.rowSubstituted).toBe(['sandy-clay-loam', 'clay-loam', 'sandy-clay'].includes(texture));
    }
    expect(soilWaterProperties('sandy-clay-loam').table19Row.name).toBe('Sandy loam');
    expect(soilWaterProperties('clay-loam').table19Row.name).toBe('Silt clay loam');
    expect(soilWaterProperties('sandy-clay').table19Row.name).toBe('Clay');
    expect(soilWaterProperties('clay-loam').notes.join(' ')).toMatch(/no clay loam row/);
  });

  it.each([
    ['sand', 0.08, 0.05, 0.11],
    ['sandy-loam', 0.13, 0.11, 0.15],
    ['loam', 0.155, 0.13, 0.18],
    ['clay', 0.16, 0.12, 0.2],
  ] as const)('%s holds %f m³/m³, the midpoint of Table 19 and inside the science brief range %f–%f', (texture, mid, low, high) => {
    const { availableWaterM3PerM3 } = soilWaterProperties(texture);
    expect(availableWaterM3PerM3).toBeCloseTo(mid, 10);
    expect(availableWaterM3PerM3).toBeGreaterThanOrEqual(low);
    expect(availableWaterM3PerM3).toBeLessThanOrEqual(high);
  });

  it('reports the θFC and θWP midpoints of the row (loam 0.25 and 0.12)', () => {
    const loam = soilWaterProperties('loam');
    expect(loam.fieldCapacityM3PerM3).toBeCloseTo(0.25, 10);
    expect(loam.wiltingPointM3PerM3).toBeCloseTo(0.12, 10);
  });

  it('assumes loam for a field without texture, and says so', () => {
    for (const missing of [null, undefined]) {
      const soil = soilWaterProperties(missing);
      expect(soil.texture).toBe('loam');
      expect(soil.textureAssumed).toBe(true);
      expect(soil.notes).toEqual(['No soil texture is recorded for this field, so loam was assumed.']);
    }
    expect(soilWaterProperties('loam').textureAssumed).toBe(false);
    expect(soilWaterProperties('loam').notes).toEqual([]);
  });
});

describe('TAW and RAW (FAO-56 Eq. 82, 83)', () => {
  it('reproduces Example 36: maize (Zr 1.2 m, p 0.55) on loamy sand (θFC 0.15, θWP 0.06): TAW 108 mm, RAW 59 mm', () => {
    const taw = totalAvailableWaterMm(0.15 - 0.06, 1.2);
    expect(taw).toBeCloseTo(108, 10);
    expect(readilyAvailableWaterMm(taw, 0.55)).toBeCloseTo(59.4, 10);
  });

  it('reproduces Example 37: tomato (Zr 0.8 m, p 0.40) on silt (θFC 0.32, θWP 0.12): TAW 160 mm, RAW 64 mm', () => {
    const taw = totalAvailableWaterMm(0.32 - 0.12, 0.8);
    expect(taw).toBeCloseTo(160, 10);
    expect(readilyAvailableWaterMm(taw, 0.4)).toBeCloseTo(64, 10);
  });
});

describe('p adjusted for ETc (FAO-56 Table 22 footnote 2)', () => {
  it.each([
    [0.55, 5, 0.55], // Table 22 values are for ETc ≈ 5 mm/day
    [0.55, 8, 0.43], // 0.55 + 0.04(5 − 8)
    [0.55, 2, 0.67], // 0.55 + 0.04(5 − 2)
    [0.65, 0, 0.8], // 0.85 held at the upper bound
    [0.8, 0.5, 0.8], // 0.98 held at the upper bound
    [0.2, 10, 0.1], // 0.00 held at the lower bound
    [0.3, 12, 0.1], // −0.98 held at the lower bound
  ])('p %f at ETc %f mm/day → %f', (tabulated, etc, expected) => {
    expect(adjustedDepletionFraction(tabulated, etc)).toBeCloseTo(expected, 10);
  });
});

describe('root depth through the season (FAO-56 Annex 8 Eq. 8-3)', () => {
  const maize = crop('maize-grain-late'); // 30/50/60/40 days; Table 22 Zr 1.0–1.7 m
  const curve = cropCoefficientCurve(maize);

  it('uses the lower end of the Table 22 range unless told otherwise', () => {
    expect(cropMaxRootDepthM(maize)).toBe(1.0);
    expect(cropMaxRootDepthM(maize, 'upper-end')).toBe(1.7);
  });

  it('grows linearly from 0.15 m at planting to the maximum on the first day of mid-season', () => {
    expect(INITIAL_ROOT_DEPTH_M).toBe(0.15);
    expect(rootDepthOnDay(curve, 1.0, 1)).toBeCloseTo(0.15, 10);
    expect(rootDepthOnDay(curve, 1.0, 41)).toBeCloseTo(0.15 + 0.85 * (40 / 80), 10); // half-way
    expect(rootDepthOnDay(curve, 1.0, 81)).toBeCloseTo(1.0, 10); // first day of mid-season
    expect(rootDepthOnDay(curve, 1.0, 150)).toBeCloseTo(1.0, 10);
    expect(rootDepthOnDay(curve, 1.7, 81)).toBeCloseTo(1.7, 10);
    expect(rootDepthOnDay(curve, 1.0, 0)).toBeCloseTo(0.15, 10); // before planting
    expect(rootDepthOnDay(curve, 1.0, 200)).toBeCloseTo(1.0, 10); // after harvest roots are not taken back
  });

  it('combines depth, Table 19 water, and adjusted p on one day', () => {
    const day = rootZoneOnDay({ crop: maize, curve, soil: soilWaterProperties('loam'), seasonDay: 100, cropEvapotranspirationMm: 6 });
    expect(day.rootDepthM).toBeCloseTo(1.0, 10);
    expect(day.totalAvailableWaterMm).toBeCloseTo(155, 10); // 1000 × 0.155 × 1.0
    expect(day.depletionFraction).toBeCloseTo(0.51, 10); // 0.55 + 0.04(5 − 6)
    expect(day.readilyAvailableWaterMm).toBeCloseTo(79.05, 10);
  });
});
