import { describe, expect, it } from 'vitest';
import { findCropType, type CropType } from '../../crops/crop-catalogue.ts';
import {
  curveNumberRunoffMm,
  runoffCurveNumberForTexture,
  simulateRootZoneWaterBalance,
  stepRootZoneDepletion,
  waterStressCoefficient,
  type DailyWaterInput,
} from './water-balance.ts';

function crop(id: string): CropType {
  const entry = findCropType(id);
  if (!entry) throw new Error(`no catalogue entry ${id}`);
  return entry;
}

const maize = crop('maize-grain-late'); // 30/50/60/40 days, Kc mid 1.20 (days 81–140), Zr 1.0 m from day 81, p 0.55

/** Consecutive days from `firstDate` with the same weather. */
function days(firstDate: string, count: number, weather: Omit<DailyWaterInput, 'date'>): DailyWaterInput[] {
  const first = Date.parse(`${firstDate}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(first + index * 86_400_000).toISOString().slice(0, 10),
    ...weather,
  }));
}

// Planted 2025-11-01: day 81 (first day of mid-season) is 2026-01-20.
const PLANTING = '2025-11-01';
const MID_SEASON_START = '2026-01-20';

describe('water stress coefficient Ks (FAO-56 Eq. 84)', () => {
  it('is 1 up to RAW and falls linearly to 0 at TAW', () => {
    const taw = 160;
    const raw = 64;
    expect(waterStressCoefficient(0, taw, raw)).toBe(1);
    expect(waterStressCoefficient(64, taw, raw)).toBe(1);
    expect(waterStressCoefficient(112, taw, raw)).toBeCloseTo(0.5, 10); // half-way from RAW to TAW
    expect(waterStressCoefficient(160, taw, raw)).toBe(0);
    // Equal steps in depletion give equal steps in Ks: a straight line.
    const steps = [64, 88, 112, 136, 160].map((depletion) => waterStressCoefficient(depletion, taw, raw));
    expect(steps.map((ks) => Number(ks.toFixed(10)))).toEqual([1, 0.75, 0.5, 0.25, 0]);
  });
});

describe('one day of the balance', () => {
  it('reproduces FAO-56 Example 37: tomato, TAW 160 mm, RAW 64 mm, Dr 55 mm, ETc 6 mm/day for 10 dry days', () => {
    const expectedKs = [1, 1, 0.97, 0.91, 0.85, 0.8, 0.75, 0.7, 0.66, 0.62];
    let depletionMm = 55;
    for (const ks of expectedKs) {
      const day = stepRootZoneDepletion(depletionMm, {
        et0Mm: 5,
        kc: 1.2,
        totalAvailableWaterMm: 160,
        readilyAvailableWaterMm: 64,
        infiltratedRainMm: 0,
        irrigationMm: 0,
      });
      expect(day.ks).toBeCloseTo(ks, 2);
      expect(day.etcMm).toBeCloseTo(6, 10);
      depletionMm = day.rootZoneDepletionMm;
    }
    expect(depletionMm).toBeCloseTo(104.5, 1);
  });

  it('never lets the crop take water below wilting point', () => {
    // Ks = (10 − 6)/(10 − 5) = 0.8 and Ks·ETc = 6.4 mm, but only 4 mm are left above wilting point.
    const day = stepRootZoneDepletion(6, {
      et0Mm: 8,
      kc: 1,
      totalAvailableWaterMm: 10,
      readilyAvailableWaterMm: 5,
      infiltratedRainMm: 0,
      irrigationMm: 0,
    });
    expect(day.etcAdjMm).toBeCloseTo(4, 10);
    expect(day.rootZoneDepletionMm).toBe(10);
  });

  it('drains water above field capacity the same day, after ET (Eq. 88)', () => {
    const day = stepRootZoneDepletion(10, {
      et0Mm: 5,
      kc: 1,
      totalAvailableWaterMm: 100,
      readilyAvailableWaterMm: 50,
      infiltratedRainMm: 25,
      irrigationMm: 5,
    });
    expect(day.deepPercolationMm).toBeCloseTo(30 - 5 - 10, 10);
    expect(day.rootZoneDepletionMm).toBe(0);
  });
});

describe('runoff (USDA-NRCS curve number, TR-55)', () => {
  it('uses the row-crop curve number of the texture’s hydrologic soil group', () => {
    expect(runoffCurveNumberForTexture('sand')).toBe(67); // group A
    expect(runoffCurveNumberForTexture('loam')).toBe(78); // group B
    expect(runoffCurveNumberForTexture('sandy-clay-loam')).toBe(85); // group C
    expect(runoffCurveNumberForTexture('clay')).toBe(89); // group D
  });

  it('sheds nothing from light rain and a growing share of heavy rain', () => {
    // CN 78: S = 25400/78 − 254 = 71.64 mm, Ia = 0.2·S = 14.33 mm.
    expect(curveNumberRunoffMm(14, 78)).toBe(0);
    expect(curveNumberRunoffMm(30, 78)).toBeCloseTo(15.67 ** 2 / (15.67 + 71.64), 1); // ≈ 2.8 mm
    expect(curveNumberRunoffMm(60, 78)).toBeCloseTo(45.67 ** 2 / (45.67 + 71.64), 1); // ≈ 17.8 mm
    expect(() => curveNumberRunoffMm(30, 0)).toThrow(RangeError);
  });
});

describe('simulateRootZoneWaterBalance', () => {
  it('heavy rain on a full profile drains below the roots and leaves Dr = 0', () => {
    const [day] = simulateRootZoneWaterBalance({
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: 'loam',
      days: [{ date: MID_SEASON_START, et0Mm: 5, rainMm: 80 }],
      initialDepletionMm: 0,
    }).days;
    // CN 78 runoff of 80 mm: (80 − 14.33)² / (80 − 14.33 + 71.64) = 31.4 mm; 48.6 mm soak in; ETc = 1.2 × 5 = 6 mm.
    const runoffMm = (80 - 14.326) ** 2 / (80 - 14.326 + 71.64);
    expect(day?.runoffMm).toBeCloseTo(runoffMm, 1);
    expect(day?.deepPercolationMm).toBeCloseTo(80 - runoffMm - 6, 1);
    expect(day?.rootZoneDepletionMm).toBe(0);
    expect(day?.ks).toBe(1);
  });

  it('fills a partly depleted profile before anything drains', () => {
    const [day] = simulateRootZoneWaterBalance({
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: 'loam',
      days: [{ date: MID_SEASON_START, et0Mm: 5, rainMm: 12 }], // under Ia: no runoff
      initialDepletionMm: 40,
      runoffCurveNumber: 'none',
    }).days;
    expect(day?.deepPercolationMm).toBe(0);
    expect(day?.rootZoneDepletionMm).toBeCloseTo(40 - 12 + 6, 10);
  });

  it('ignores rain under 0.2·ET₀ (FAO-56 ch. 8)', () => {
    const [day] = simulateRootZoneWaterBalance({
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: 'loam',
      days: [{ date: MID_SEASON_START, et0Mm: 5, rainMm: 0.9 }],
      initialDepletionMm: 10,
    }).days;
    expect(day?.rainIgnoredMm).toBe(0.9);
    expect(day?.infiltratedRainMm).toBe(0);
    expect(day?.rootZoneDepletionMm).toBeCloseTo(16, 10);
  });

  it('keeps 0 ≤ Dr ≤ TAW through a long drought, with Ks reaching 0 only at TAW', () => {
    const result = simulateRootZoneWaterBalance({
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: 'sand',
      days: days(PLANTING, 120, { et0Mm: 8, rainMm: 0 }),
    });
    let previousDepletionMm = 0;
    for (const day of result.days) {
      expect(day.rootZoneDepletionMm).toBeGreaterThanOrEqual(0);
      expect(day.rootZoneDepletionMm).toBeLessThanOrEqual(day.totalAvailableWaterMm + 1e-9);
      // Eq. 84 on the depletion the day started with: 1 within RAW, then a straight line down to 0 at TAW.
      const taw = day.totalAvailableWaterMm;
      const raw = day.readilyAvailableWaterMm;
      const expectedKs = previousDepletionMm <= raw ? 1 : Math.max(0, (taw - previousDepletionMm) / (taw - raw));
      expect(day.ks).toBeCloseTo(expectedKs, 10);
      expect(day.etcAdjMm).toBeLessThanOrEqual(day.ks * day.etcMm + 1e-9);
      previousDepletionMm = day.rootZoneDepletionMm;
    }
    expect(result.days.some((day) => day.ks < 0.2)).toBe(true);
    const last = result.days[result.days.length - 1];
    expect(last?.rootZoneDepletionMm).toBeGreaterThan(0.9 * (last?.totalAvailableWaterMm ?? 0));
  });

  it('reports Kc, Ks, ETc, ETc adj, Dr, TAW, RAW, runoff and deep percolation per day, and carries Dr as roots grow', () => {
    const result = simulateRootZoneWaterBalance({
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: 'loam',
      days: days(PLANTING, 5, { et0Mm: 4, rainMm: 0 }),
    });
    const [first, second] = result.days;
    expect(first).toMatchObject({ date: PLANTING, seasonDay: 1, stage: 'initial', kc: 0.3, ks: 1, runoffMm: 0, deepPercolationMm: 0 });
    expect(first?.etcMm).toBeCloseTo(1.2, 10);
    expect(first?.etcAdjMm).toBeCloseTo(1.2, 10);
    expect(first?.rootZoneDepletionMm).toBeCloseTo(1.2, 10);
    expect(first?.totalAvailableWaterMm).toBeCloseTo(155 * 0.15, 10);
    expect(first?.readilyAvailableWaterMm).toBeCloseTo(155 * 0.15 * (0.55 + 0.04 * (5 - 1.2)), 10);
    // Deeper roots reach moist soil: TAW grows, the depletion just keeps adding ETc.
    expect(second?.totalAvailableWaterMm).toBeGreaterThan(first?.totalAvailableWaterMm ?? Infinity);
    expect(second?.rootZoneDepletionMm).toBeCloseTo(2.4, 10);
  });

  it('says when it assumed the soil texture', () => {
    const result = simulateRootZoneWaterBalance({
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: null,
      days: days(PLANTING, 1, { et0Mm: 4, rainMm: 0 }),
    });
    expect(result.soil.texture).toBe('loam');
    expect(result.notes).toContain('No soil texture is recorded for this field, so loam was assumed.');
  });

  it('refuses gaps and negative inputs', () => {
    const gap = [...days(PLANTING, 1, { et0Mm: 4, rainMm: 0 }), ...days('2025-11-03', 1, { et0Mm: 4, rainMm: 0 })];
    expect(() => simulateRootZoneWaterBalance({ crop: maize, plantingDate: PLANTING, days: gap })).toThrow(/consecutive/);
    expect(() =>
      simulateRootZoneWaterBalance({ crop: maize, plantingDate: PLANTING, days: days(PLANTING, 1, { et0Mm: 4, rainMm: -1 }) }),
    ).toThrow(RangeError);
  });
});
