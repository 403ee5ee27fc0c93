import { describe, expect, it } from 'vitest';
import { findCropType, type CropType } from '../../crops/crop-catalogue.ts';
import {
  DEFAULT_NDVI_KCB_RELATION,
  basalCropCoefficientFromNdvi,
  climateAdjustedCoefficient,
  cropCoefficientCurve,
  cropCoefficientOnDay,
  cropGrowthStageOn,
  seasonDayOn,
  type CropCoefficientSource,
} from './crop-coefficient.ts';

function crop(id: string): CropType {
  const entry = findCropType(id);
  if (!entry) throw new Error(`no catalogue entry ${id}`);
  return entry;
}

/** Dry beans of FAO-56 Box 15 / Example 28–29: stages 25/25/30/20 days, h 0.4 m, Table 12 and 17 values. */
const dryBeanKimberly: CropCoefficientSource = {
  id: 'dry-bean-kimberly',
  crop: 'bean',
  stageLengthsDays: { initial: 25, development: 25, midSeason: 30, lateSeason: 20 },
  kc: { initial: 0.15, midSeason: 1.15, end: 0.35 },
  kcb: { initial: 0.15, midSeason: 1.1, end: 0.25 },
  maxHeightM: 0.4,
};
/** Kimberly, Idaho, mid and late season (Box 15). */
const kimberlyClimate = { midSeason: { windSpeedAt2mMPerS: 2.2, minRelativeHumidityPct: 30 } };

describe('Kc curve against FAO-56 Table 12 (Eq. 66, planting date = day 1)', () => {
  // Maize (grain), East African highlands: Table 11 30/50/60/40 days; Table 12 Kc 0.30 (cereals) / 1.20 / 0.35.
  const maize = cropCoefficientCurve(crop('maize-grain-late'));
  it.each([
    [1, 'initial', 0.3],
    [30, 'initial', 0.3],
    [31, 'development', 0.3 + (1 / 50) * 0.9],
    [55, 'development', 0.75], // half-way through development: (0.30 + 1.20) / 2
    [80, 'development', 1.2], // last day of development reaches Kc mid
    [81, 'mid-season', 1.2],
    [140, 'mid-season', 1.2],
    [160, 'late-season', 0.775], // half-way through the late season: (1.20 + 0.35) / 2
    [180, 'late-season', 0.35], // harvest day: Kc end
  ] as const)('maize day %i: %s, Kc %f', (day, stage, kc) => {
    const result = cropCoefficientOnDay(maize, day);
    expect(result.stage).toBe(stage);
    expect(result.kc).toBeCloseTo(kc, 10);
  });

  it('maize Kcb follows Table 17 (0.15 / 1.15 / 0.15)', () => {
    expect(cropCoefficientOnDay(maize, 10).kcb).toBeCloseTo(0.15, 10);
    expect(cropCoefficientOnDay(maize, 100).kcb).toBeCloseTo(1.15, 10);
    expect(cropCoefficientOnDay(maize, 180).kcb).toBeCloseTo(0.15, 10);
  });

  // Soybean, central USA: 20/35/60/25 days; Table 12 Kc 0.40 (legumes) / 1.15 / 0.50; Table 17 Kcb 0.15 / 1.10 / 0.30.
  const soybean = cropCoefficientCurve(crop('soybean'));
  it.each([
    [20, 'initial', 0.4, 0.15],
    [38, 'development', 0.4 + (18 / 35) * 0.75, 0.15 + (18 / 35) * 0.95],
    [55, 'development', 1.15, 1.1],
    [56, 'mid-season', 1.15, 1.1],
    [115, 'mid-season', 1.15, 1.1],
    [128, 'late-season', 1.15 - (13 / 25) * 0.65, 1.1 - (13 / 25) * 0.8],
    [140, 'late-season', 0.5, 0.3],
  ] as const)('soybean day %i: %s, Kc %f, Kcb %f', (day, stage, kc, kcb) => {
    const result = cropCoefficientOnDay(soybean, day);
    expect(result.stage).toBe(stage);
    expect(result.kc).toBeCloseTo(kc, 10);
    expect(result.kcb).toBeCloseTo(kcb as number, 10);
  });

  it('reproduces FAO-56 Example 28: dry beans Kc 0.15, 0.77, 1.19, 0.56 on days 20, 40, 70, 95', () => {
    const beans = cropCoefficientCurve({ ...dryBeanKimberly, kc: { initial: 0.15, midSeason: 1.19, end: 0.35 } });
    expect(cropCoefficientOnDay(beans, 20).kc).toBeCloseTo(0.15, 2);
    expect(cropCoefficientOnDay(beans, 40).kc).toBeCloseTo(0.77, 2);
    expect(cropCoefficientOnDay(beans, 70).kc).toBeCloseTo(1.19, 2);
    expect(cropCoefficientOnDay(beans, 95).kc).toBeCloseTo(0.56, 2);
  });

  it('names the stages outside the season and carries the bare-soil (initial) coefficient there', () => {
    expect(cropGrowthStageOn(maize, 0)).toBe('before-planting');
    expect(cropGrowthStageOn(maize, 181)).toBe('after-harvest');
    expect(cropCoefficientOnDay(maize, 181).kc).toBe(0.3);
  });

  it('counts season days from the planting date', () => {
    expect(seasonDayOn('2025-11-15', '2025-11-15')).toBe(1);
    expect(seasonDayOn('2025-11-15', '2025-11-14')).toBe(0);
    expect(seasonDayOn('2025-11-15', '2026-03-01')).toBe(107); // 16 + 31 + 31 + 28 + 1
    expect(() => seasonDayOn('2025-11-15', '2025-02-30')).toThrow(RangeError);
  });
});

describe('climate adjustment (FAO-56 Eq. 62, 65, 70)', () => {
  it('reproduces Example 27: maize Kc mid 1.20, h 2 m → 1.07 at Taipei and 1.30 at Mocha', () => {
    // (2/3)^0.3 = 0.8855. Taipei: 1.20 + [0.04(1.3 − 2) − 0.004(75 − 45)]·0.8855 = 1.20 − 0.148·0.8855 = 1.069.
    expect(climateAdjustedCoefficient(1.2, { windSpeedAt2mMPerS: 1.3, minRelativeHumidityPct: 75 }, 2)).toBeCloseTo(1.069, 3);
    // Mocha: 1.20 + [0.04(4.6 − 2) − 0.004(44 − 45)]·0.8855 = 1.20 + 0.108·0.8855 = 1.296.
    expect(climateAdjustedCoefficient(1.2, { windSpeedAt2mMPerS: 4.6, minRelativeHumidityPct: 44 }, 2)).toBeCloseTo(1.296, 3);
  });

  it('reproduces Box 15 and Example 29: dry beans Kc mid 1.19, Kcb mid 1.14, and no adjustment of ends below 0.45', () => {
    const curve = cropCoefficientCurve(dryBeanKimberly, kimberlyClimate);
    // (0.4/3)^0.3 = 0.5466; 0.04(0.2) − 0.004(−15) = 0.068; 1.15 + 0.0372 = 1.187, 1.10 + 0.0372 = 1.137.
    expect(curve.kc.midSeason).toBeCloseTo(1.187, 3);
    expect(curve.kcb?.midSeason).toBeCloseTo(1.137, 3);
    expect(curve.kc.end).toBe(0.35);
    expect(curve.kcb?.end).toBe(0.25);
    expect(curve.kc.initial).toBe(0.15);
    expect(curve.climateAdjusted).toBe(true);
  });

  it('adjusts Kc end when the table value is 0.45 or more (soybean 0.50 in an arid, windy place)', () => {
    const arid = { midSeason: { windSpeedAt2mMPerS: 4, minRelativeHumidityPct: 20 } };
    const curve = cropCoefficientCurve(crop('soybean'), arid);
    const factor = (0.04 * 2 - 0.004 * -25) * (0.75 / 3) ** 0.3;
    expect(curve.kc.midSeason).toBeCloseTo(1.15 + factor, 10);
    expect(curve.kc.end).toBeCloseTo(0.5 + factor, 10);
    expect(curve.kcb?.end).toBe(0.3); // Kcb end 0.30 < 0.45: left alone
  });

  it('holds wind and humidity to the limits of Eq. 62 and skips crops under 0.1 m', () => {
    const wild = { windSpeedAt2mMPerS: 12, minRelativeHumidityPct: 5 };
    const atLimits = { windSpeedAt2mMPerS: 6, minRelativeHumidityPct: 20 };
    expect(climateAdjustedCoefficient(1.2, wild, 2)).toBe(climateAdjustedCoefficient(1.2, atLimits, 2));
    expect(climateAdjustedCoefficient(1.0, wild, 0.05)).toBe(1.0);
  });

  it('does not adjust a crop with no known height, and says so', () => {
    const curve = cropCoefficientCurve(crop('leafy-brassica'), kimberlyClimate);
    expect(curve.climateAdjusted).toBe(false);
    expect(curve.kc.midSeason).toBe(1.05);
    expect(curve.cautions.join(' ')).toMatch(/height/);
  });

  it('warns that tobacco is in no FAO-56 table', () => {
    expect(cropCoefficientCurve(crop('tobacco-flue-cured')).cautions.join(' ')).toMatch(/no FAO-56 table/);
  });
});

describe('Kcb from NDVI', () => {
  it('defaults to Campos 2010: Kcb = 1.44·NDVI − 0.10', () => {
    expect(DEFAULT_NDVI_KCB_RELATION).toBe('campos-2010');
    const result = basalCropCoefficientFromNdvi(0.5, { kcbMid: 1.15 });
    expect(result.relation).toBe('campos-2010');
    expect(result.kcb).toBeCloseTo(0.62, 10);
    expect(result.clamped).toBe(false);
  });

  it('offers Trout & DeJonge 2018 and Neale 1989', () => {
    // fc = 1.26·0.5 − 0.18 = 0.45; Kcb = 1.10·0.45 + 0.17 = 0.665.
    expect(basalCropCoefficientFromNdvi(0.5, { kcbMid: 1.15, relation: 'trout-dejonge-2018' }).kcb).toBeCloseTo(0.665, 10);
    expect(basalCropCoefficientFromNdvi(0.5, { kcbMid: 1.15, relation: 'neale-1989' }).kcb).toBeCloseTo(0.5645, 10);
  });

  it('clamps to [0, Kcb mid + 0.05]', () => {
    const dense = basalCropCoefficientFromNdvi(0.95, { kcbMid: 1.15 }); // 1.268 unclamped
    expect(dense.kcb).toBeCloseTo(1.2, 10);
    expect(dense.unclampedKcb).toBeCloseTo(1.268, 10);
    expect(dense.clamped).toBe(true);
    expect(basalCropCoefficientFromNdvi(0.02, { kcbMid: 1.15 }).kcb).toBe(0); // −0.071 unclamped
    expect(basalCropCoefficientFromNdvi(-0.3, { kcbMid: 1.15, relation: 'trout-dejonge-2018' }).kcb).toBeCloseTo(0.17, 10);
  });

  it('refuses values that are not NDVI', () => {
    expect(() => basalCropCoefficientFromNdvi(1.4, { kcbMid: 1.15 })).toThrow(RangeError);
    expect(() => basalCropCoefficientFromNdvi(Number.NaN, { kcbMid: 1.15 })).toThrow(RangeError);
  });
});
