import { describe, expect, it } from 'vitest';
import { addDays } from '../../dates.ts';
import { compareHarvestWithEstimate } from './harvest-comparison.ts';
import { PUBLISHED_YIELD_BANDS, type ManagementClass } from './yield-coefficients.ts';
import { estimateSeasonYield, type SeasonYieldEstimate, type YieldWeatherDay } from './yield-estimate.ts';

// Constructed whole seasons, run through the estimate as the analysis runs it, checked against the yields published
// for southern Africa (PUBLISHED_YIELD_BANDS: rain-fed maize mostly 1–6 t/ha with national means about 1 t/ha,
// good irrigated commercial maize 8–12 t/ha, soybean 1.5–3.5 t/ha; all at 12.5 % moisture).

const PLANTING = '2025-11-20';

interface ConstructedSeason {
  crop: string;
  peakNdvi: number;
  managementClass?: ManagementClass;
  /** Daily sunshine, MJ/m²/day: a Zimbabwean summer averages about 20. */
  radiation?: number;
  /** Water stress of the season's days (FAO-56 Ks), by season day; 1 when absent. */
  ks?: (seasonDay: number) => number;
}

/**
 * An NDVI season as Sentinel-2 sees a crop: bare soil (0.15) for ten days, a straight rise to the peak at the end of
 * canopy development, the peak held for 25 days, then senescence down to 0.3 at maturity. Images every 10 days.
 */
function constructedNdvi(seasonDay: number, peak: number, developmentEnd: number, seasonDays: number): number {
  const bare = 0.15;
  const peakEnd = developmentEnd + 25;
  if (seasonDay <= 10) return bare;
  if (seasonDay <= developmentEnd) return bare + ((peak - bare) * (seasonDay - 10)) / (developmentEnd - 10);
  if (seasonDay <= peakEnd) return peak;
  return peak - ((peak - 0.3) * (seasonDay - peakEnd)) / (seasonDays - peakEnd);
}

const STAGES: Record<string, { developmentEnd: number; seasonDays: number }> = {
  'maize-grain': { developmentEnd: 65, seasonDays: 140 }, // 25/40/45/30
  soybean: { developmentEnd: 55, seasonDays: 140 }, // 20/35/60/25
};

function harvestedSeason(season: ConstructedSeason): SeasonYieldEstimate {
  const { developmentEnd, seasonDays } = STAGES[season.crop]!;
  const ndviObservations = [];
  for (let day = 10; day <= seasonDays; day += 10) {
    ndviObservations.push({
      date: addDays(PLANTING, day - 1),
      meanNdvi: constructedNdvi(day, season.peakNdvi, developmentEnd, seasonDays),
    });
  }
  const weather: YieldWeatherDay[] = [];
  for (let day = 1; day <= seasonDays; day += 1) {
    weather.push({
      date: addDays(PLANTING, day - 1),
      shortwaveRadiationMjPerM2Day: season.radiation ?? 20,
      et0Mm: 4.5,
      waterStressCoefficient: season.ks?.(day) ?? 1,
    });
  }
  const result = estimateSeasonYield({
    crop: season.crop,
    plantingDate: PLANTING,
    today: addDays(PLANTING, seasonDays + 5),
    fieldAreaHa: 1,
    ndviObservations,
    weather,
    ...(season.managementClass ? { managementClass: season.managementClass } : {}),
  });
  if (!result.available) throw new Error(result.message);
  return result;
}

const atMoisture = (result: SeasonYieldEstimate) => result.rangeAtStandardMoisture.expectedTPerHa;

// A dry spell of three weeks around flowering (days 60–80) at Ks 0.6: a poor rain-fed season.
const floweringDrought = (day: number) => (day >= 60 && day <= 80 ? 0.6 : 1);

describe('yield calibration: constructed seasons land in the published bands (t/ha at 12.5 % moisture)', () => {
  it('poor rain-fed maize (peak NDVI 0.5, a dry spell at flowering): about 2–4 t/ha', () => {
    const result = harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.5, ks: floweringDrought });
    expect(result.managementClass).toBe('smallholder');
    expect(atMoisture(result)).toBeGreaterThanOrEqual(2);
    expect(atMoisture(result)).toBeLessThanOrEqual(4);
  });

  it('good rain-fed maize (peak NDVI 0.7): about 4–7 t/ha, inside the 1–6 t/ha rain-fed band or at its top', () => {
    const result = harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.7 });
    expect(atMoisture(result)).toBeGreaterThanOrEqual(4);
    expect(atMoisture(result)).toBeLessThanOrEqual(7);
  });

  it('irrigated commercial maize (peak NDVI 0.88): about 9–13 t/ha, the 8–12 t/ha commercial band', () => {
    const result = harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.88, managementClass: 'commercial', radiation: 22 });
    expect(atMoisture(result)).toBeGreaterThanOrEqual(9);
    expect(atMoisture(result)).toBeLessThanOrEqual(13);
    expect(atMoisture(result)).toBeGreaterThanOrEqual(PUBLISHED_YIELD_BANDS.maizeIrrigatedCommercial.minTPerHa);
  });

  it('a good soybean season (peak NDVI 0.8) stays at or under 4.5 t/ha, rain-fed or irrigated', () => {
    const rainFed = harvestedSeason({ crop: 'soybean', peakNdvi: 0.8 });
    expect(atMoisture(rainFed)).toBeGreaterThanOrEqual(PUBLISHED_YIELD_BANDS.soybean.minTPerHa);
    expect(atMoisture(rainFed)).toBeLessThanOrEqual(4.5);
    // A middling rain-fed soybean canopy (peak NDVI 0.7) sits inside the 1.5–3.5 t/ha band.
    const middling = harvestedSeason({ crop: 'soybean', peakNdvi: 0.7 });
    expect(atMoisture(middling)).toBeGreaterThanOrEqual(PUBLISHED_YIELD_BANDS.soybean.minTPerHa);
    expect(atMoisture(middling)).toBeLessThanOrEqual(PUBLISHED_YIELD_BANDS.soybean.maxTPerHa);
    const irrigated = harvestedSeason({ crop: 'soybean', peakNdvi: 0.88, managementClass: 'commercial' });
    expect(atMoisture(irrigated)).toBeLessThanOrEqual(4.5);
  });

  it('ranks the seasons: a fuller canopy and better management give more grain', () => {
    const poor = atMoisture(harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.5, ks: floweringDrought }));
    const good = atMoisture(harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.7 }));
    const irrigated = atMoisture(harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.88, managementClass: 'commercial' }));
    expect(poor).toBeLessThan(good);
    expect(good).toBeLessThan(irrigated);
  });

  it('the range at 12.5 % moisture is the dry range ÷ 0.875 and always contains the expected value', () => {
    const result = harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.7 });
    expect(result.rangeAtStandardMoisture.expectedTPerHa).toBeCloseTo(result.range.expectedTPerHa / 0.875, 12);
    expect(result.rangeAtStandardMoisture.lowTPerHa).toBeLessThan(result.rangeAtStandardMoisture.expectedTPerHa);
    expect(result.rangeAtStandardMoisture.highTPerHa).toBeGreaterThan(result.rangeAtStandardMoisture.expectedTPerHa);
  });
});

describe('yield calibration: the main limiting factor', () => {
  it('is the canopy for a thin stand, nitrogen for a good unfertilised one, nothing for a well-run irrigated field', () => {
    expect(harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.5 }).limitingFactor.factor).toBe('canopy');
    expect(harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.75 }).limitingFactor.factor).toBe('nitrogen');
    const irrigated = harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.88, managementClass: 'commercial' });
    expect(irrigated.limitingFactor.factor).toBe('none');
  });

  it('is water when the water balance held the crop back for much of the season', () => {
    const droughty = harvestedSeason({
      crop: 'maize-grain',
      peakNdvi: 0.88,
      managementClass: 'commercial',
      ks: (day) => (day > 40 ? 0.5 : 1),
    });
    expect(droughty.limitingFactor.factor).toBe('water');
    expect(droughty.limitingFactor.lossShare.water).toBeGreaterThan(0.3);
    expect(droughty.limitingFactor.explanation).toMatch(/^Main limit, water: dry days so far cut the crop’s growth by about \d+ %/);
  });
});

describe('a recorded harvest beside the estimate', () => {
  it('is brought to 12.5 % moisture through its dry matter and placed against the range', () => {
    const result = harvestedSeason({ crop: 'maize-grain', peakNdvi: 0.7 });
    // 5 t/ha weighed at 20 % moisture is 4 t/ha dry, 4.5714 t/ha at 12.5 %.
    const comparison = compareHarvestWithEstimate(result.rangeAtStandardMoisture, {
      id: 'h1',
      harvestDate: addDays(PLANTING, 150),
      harvestedTPerHa: 5,
      moisturePct: 20,
    });
    expect(comparison.harvestedTPerHaAtStandardMoisture).toBeCloseTo(4 / 0.875, 12);
    expect(comparison.differenceFromExpectedShare).toBeCloseTo(4 / 0.875 / result.rangeAtStandardMoisture.expectedTPerHa - 1, 12);
    const low = compareHarvestWithEstimate(result.rangeAtStandardMoisture, {
      id: 'h2',
      harvestDate: PLANTING,
      harvestedTPerHa: 0.2,
      moisturePct: 12.5,
    });
    expect(low.position).toBe('below');
  });
});
