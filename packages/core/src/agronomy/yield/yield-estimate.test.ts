import { describe, expect, it } from 'vitest';
import { findCropType, type CropType } from '../../crops/crop-catalogue.ts';
import { yieldUncertaintyFraction } from './yield-coefficients.ts';
import {
  estimateSeasonYield,
  fractionOfAbsorbedParFromNdvi,
  type FieldNdviObservation,
  type SeasonYieldEstimate,
  type SeasonYieldInput,
  type SeasonYieldResult,
  type YieldWeatherDay,
} from './yield-estimate.ts';

const maizeGrain = findCropType('maize-grain')!;

/** Maize coefficients on a short, hand-workable season: 5/5/10/10 days, mid-season ends on day 20, maturity day 30. */
const shortMaize: CropType = {
  ...maizeGrain,
  id: 'maize-test-30-days',
  stageLengthsDays: { initial: 5, development: 5, midSeason: 10, lateSeason: 10 },
};

const PLANTING = '2024-11-01';

function dateOf(seasonDay: number): string {
  return new Date(Date.parse(`${PLANTING}T00:00:00Z`) + (seasonDay - 1) * 86_400_000).toISOString().slice(0, 10);
}

function weatherDays(fromDay: number, toDay: number, radiation = 20, et0Mm = 5): YieldWeatherDay[] {
  const days: YieldWeatherDay[] = [];
  for (let day = fromDay; day <= toDay; day += 1) days.push({ date: dateOf(day), shortwaveRadiationMjPerM2Day: radiation, et0Mm });
  return days;
}

function images(...entries: [seasonDay: number, ndvi: number][]): FieldNdviObservation[] {
  return entries.map(([day, meanNdvi]) => ({ date: dateOf(day), meanNdvi }));
}

function estimate(overrides: Partial<SeasonYieldInput>): SeasonYieldResult {
  return estimateSeasonYield({
    crop: shortMaize,
    plantingDate: PLANTING,
    today: dateOf(31),
    fieldAreaHa: 1,
    ndviObservations: images([1, 0.6], [30, 0.6]),
    weather: weatherDays(1, 40),
    managementClass: 'commercial',
    ...overrides,
  });
}

function available(result: SeasonYieldResult): SeasonYieldEstimate {
  if (!result.available) throw new Error(`expected an estimate, got ${result.reason}: ${result.message}`);
  return result;
}

// NDVI 0.6: fAPAR = 1.257·0.6 − 0.161 = 0.5932; Rs 20 → PAR 9.6; absorbed 5.69472 MJ/m² a day.
// Kcb (Campos) = 1.44·0.6 − 0.10 = 0.764 (under the maize ceiling 1.15 + 0.05); less the bare-soil evaporation
// Kc,min = Kcb ini 0.15 leaves Tr/ET₀ = 0.614.
const FAPAR_06 = 0.5932;
const ABSORBED_PAR_PER_DAY = FAPAR_06 * 9.6;
const TR_06 = 0.764 - 0.15;
// Commercial maize: RUE 1.3–1.5 g/MJ, HI 0.45, WP* 33.7 g/m² × soil fertility 0.9 = 30.33 g/m².
const WP_COMMERCIAL_MAIZE = 33.7 * 0.9;

describe('fractionOfAbsorbedParFromNdvi', () => {
  it('is 1.257·NDVI − 0.161, held within 0–0.95', () => {
    expect(fractionOfAbsorbedParFromNdvi(0.6)).toBeCloseTo(FAPAR_06, 12);
    expect(fractionOfAbsorbedParFromNdvi(0.05)).toBe(0);
    expect(fractionOfAbsorbedParFromNdvi(0.95)).toBe(0.95);
  });
});

describe('estimateSeasonYield — light-use efficiency, hand-worked', () => {
  it('constant NDVI 0.6 and Rs 20 over a complete 30-day season give the exact biomass and yield', () => {
    const result = available(estimate({}));
    expect(result.daysSoFar).toBe(30);
    expect(result.daysProjected).toBe(0);
    expect(result.seasonShareObserved).toBe(1);

    // 30 days × 5.69472 = 170.8416 MJ/m² absorbed PAR.
    expect(result.lightUseEfficiency.absorbedParSoFarMjPerM2).toBeCloseTo(170.8416, 9);
    expect(result.lightUseEfficiency.absorbedParProjectedMjPerM2).toBe(0);
    // RUE 1.3 / 1.4 / 1.5 g per MJ solar = ÷0.48 per MJ PAR: 462.696 / 498.288 / 533.88 g/m².
    expect(result.lightUseEfficiency.biomassGPerM2.low).toBeCloseTo(462.696, 9);
    expect(result.lightUseEfficiency.biomassGPerM2.expected).toBeCloseTo(498.288, 9);
    expect(result.lightUseEfficiency.biomassGPerM2.high).toBeCloseTo(533.88, 9);
    // Yield = HI 0.45 × biomass × 0.01.
    expect(result.lightUseEfficiency.yieldTPerHa.expected).toBeCloseTo(2.242296, 9);
    expect(result.lightUseEfficiency.yieldTPerHa.low).toBeCloseTo(2.082132, 9);
    expect(result.lightUseEfficiency.yieldTPerHa.high).toBeCloseTo(2.40246, 9);
  });

  it('before the first image the canopy rises in a straight line from nothing on the planting day', () => {
    // Images on days 11 and 21; today day 21 → days 1–20 so far. fAPAR on day d ≤ 11 is 0.5932·(d − 1)/10:
    // days 1–10 sum 0.5932·4.5, days 11–20 sum 0.5932·10 → 8.6014 × 9.6 = 82.57344 MJ/m².
    const result = available(estimate({ crop: maizeGrain, today: dateOf(21), ndviObservations: images([11, 0.6], [21, 0.6]) }));
    expect(result.daysSoFar).toBe(20);
    expect(result.lightUseEfficiency.absorbedParSoFarMjPerM2).toBeCloseTo(82.57344, 9);
    expect(result.waterProductivity.transpirationRatioSumSoFar).toBeCloseTo(TR_06 * 14.5, 9);
  });

  it('interpolates linearly between images', () => {
    // NDVI 0.4 on day 1 and 0.8 on day 5: fAPAR 0.3418 → 0.8446, rising 0.1257 a day, so
    // fAPAR(d) = 0.3418 + (d − 1)·0.1257 and days 1–4 sum 4·0.3418 + 0.1257·6 = 2.1214.
    const result = available(estimate({ today: dateOf(5), ndviObservations: images([1, 0.4], [5, 0.8]) }));
    expect(result.daysSoFar).toBe(4);
    expect(result.lightUseEfficiency.absorbedParSoFarMjPerM2).toBeCloseTo(2.1214 * 9.6, 9);
  });
});

describe('estimateSeasonYield — water stress from the water balance', () => {
  it('cuts each day’s growth and transpiration by its Ks: half the season at Ks 0.5 loses a quarter of the dry matter', () => {
    const stressed = weatherDays(1, 40).map((day, i) => (i < 15 ? { ...day, waterStressCoefficient: 0.5 } : day));
    const result = available(estimate({ weather: stressed }));
    // 15 days × 0.5 + 15 days × 1 = 22.5 day-equivalents of the 30 at 5.69472 MJ/m².
    expect(result.lightUseEfficiency.absorbedParSoFarMjPerM2).toBeCloseTo(22.5 * ABSORBED_PAR_PER_DAY, 9);
    expect(result.waterProductivity.transpirationRatioSumSoFar).toBeCloseTo(22.5 * TR_06, 9);
    const unstressed = available(estimate({}));
    expect(result.range.expectedTPerHa / unstressed.range.expectedTPerHa).toBeCloseTo(0.75, 9);
  });
});

describe('estimateSeasonYield — AquaCrop water-productivity cross-check, hand-worked', () => {
  it('biomass = WP*·fertility·Σ (Kcb − Kc,min), yield = HI·biomass: soil evaporation makes no dry matter', () => {
    const result = available(estimate({}));
    // Σ Tr/ET₀ = 30 × 0.614 = 18.42; WP* 33.7 × 0.9 = 30.33 → 558.6786 g/m²; × 0.45 × 0.01 = 2.51405370 t/ha.
    expect(result.waterProductivity.transpirationRatioSumSoFar).toBeCloseTo(18.42, 9);
    expect(result.waterProductivity.biomassGPerM2).toBeCloseTo(558.6786, 9);
    expect(result.waterProductivity.yieldTPerHa).toBeCloseTo(2.5140537, 9);
    // ET₀ 5 mm/day → Σ Tr/ET₀·ET₀ = 92.1 mm of transpiration (not the 114.6 mm Kcb alone would give).
    expect(result.waterProductivity.transpirationSoFarMm).toBeCloseTo(92.1, 9);
  });

  it('combines both methods into the range: expected is their mean, the ends widened by ±15 % at harvest', () => {
    const result = available(estimate({}));
    expect(result.uncertaintyFraction).toBeCloseTo(0.15, 12);
    expect(result.range.expectedTPerHa).toBeCloseTo((2.242296 + 2.5140537) / 2, 9);
    expect(result.range.lowTPerHa).toBeCloseTo(2.082132 * 0.85, 9);
    expect(result.range.highTPerHa).toBeCloseTo(2.5140537 * 1.15, 9);
  });

  it('reports the range at 12.5 % moisture as well as dry: dry ÷ 0.875', () => {
    const result = available(estimate({}));
    expect(result.grainMoisturePct).toBe(12.5);
    expect(result.rangeAtStandardMoisture.expectedTPerHa).toBeCloseTo(result.range.expectedTPerHa / 0.875, 12);
    expect(result.rangeAtStandardMoisture.lowTonnes).toBeCloseTo(result.range.lowTonnes / 0.875, 12);
    expect(result.rangeMethod).toMatch(/mean of two methods/);
  });
});

describe('estimateSeasonYield — projection to maturity', () => {
  it('adds biomass only for the days from today to maturity, keeping the canopy to mid-season then falling to a third', () => {
    // Today day 11: days 1–10 so far, 11–30 projected. Share of the latest canopy: 1 on days 11–20, then
    // 1 − (2/3)(d − 20)/10 on days 21–30 → 10 + 6.3333 = 49/3 canopy-days.
    const result = available(estimate({ today: dateOf(11), ndviObservations: images([1, 0.6], [10, 0.6]) }));
    expect(result.daysSoFar).toBe(10);
    expect(result.daysProjected).toBe(20);
    expect(result.weather.futureRadiationBasis).toBe('last-30-days-mean');
    expect(result.weather.futureRadiationMjPerM2Day).toBe(20);
    expect(result.lightUseEfficiency.absorbedParSoFarMjPerM2).toBeCloseTo(10 * ABSORBED_PAR_PER_DAY, 9);
    expect(result.lightUseEfficiency.absorbedParProjectedMjPerM2).toBeCloseTo((49 / 3) * ABSORBED_PAR_PER_DAY, 9);
    expect(result.waterProductivity.transpirationRatioSumProjected).toBeCloseTo((49 / 3) * TR_06, 9);
    expect(result.waterProductivity.biomassProjectedGPerM2).toBeCloseTo(WP_COMMERCIAL_MAIZE * (49 / 3) * TR_06, 9);
  });

  it('in the late season declines from the latest canopy now, not from the end of mid-season', () => {
    // Today day 26: projected days 26–30 with share 1 − (2/3)(d − 25)/5 → sum 5 − 2 = 3.
    const result = available(estimate({ today: dateOf(26), ndviObservations: images([1, 0.6], [25, 0.6]) }));
    expect(result.daysProjected).toBe(5);
    expect(result.waterProductivity.transpirationRatioSumProjected).toBeCloseTo(3 * TR_06, 9);
  });

  it('ignores weather after yesterday and uses the mean of the last 30 measured days for the future', () => {
    const base = available(estimate({ today: dateOf(11), ndviObservations: images([1, 0.6], [10, 0.6]) }));
    const hotFuture = available(
      estimate({
        today: dateOf(11),
        ndviObservations: images([1, 0.6], [10, 0.6]),
        weather: [...weatherDays(1, 10), ...weatherDays(11, 40, 35)],
      }),
    );
    expect(hotFuture.lightUseEfficiency).toEqual(base.lightUseEfficiency);
    expect(hotFuture.range).toEqual(base.range);

    // Only the last 30 days count: 10 early days at 10 MJ, then 30 at 25 → future radiation 25.
    const late = available(
      estimate({
        crop: maizeGrain,
        today: dateOf(41),
        ndviObservations: images([1, 0.6], [40, 0.6]),
        weather: [...weatherDays(1, 10, 10), ...weatherDays(11, 40, 25)],
      }),
    );
    expect(late.weather.futureRadiationMjPerM2Day).toBe(25);
  });

  it('leaves the days so far untouched by the projection', () => {
    const result = available(estimate({ today: dateOf(11), ndviObservations: images([1, 0.6], [10, 0.6]) }));
    expect(result.lightUseEfficiency.biomassSoFarGPerM2 + result.lightUseEfficiency.biomassProjectedGPerM2).toBeCloseTo(
      result.lightUseEfficiency.biomassGPerM2.expected,
      9,
    );
    expect(result.waterProductivity.biomassSoFarGPerM2).toBeCloseTo(WP_COMMERCIAL_MAIZE * 10 * TR_06, 9);
  });

  it('narrows the range as the season progresses', () => {
    const relativeWidths = [40, 80, 120, 160].map((todayDay) => {
      const result = available(
        estimate({
          crop: maizeGrain,
          today: dateOf(todayDay),
          ndviObservations: images([1, 0.6], [Math.min(todayDay - 1, 140), 0.6]),
          weather: weatherDays(1, 200),
        }),
      );
      return { width: (result.range.highTPerHa - result.range.lowTPerHa) / result.range.expectedTPerHa, u: result.uncertaintyFraction };
    });
    for (let i = 1; i < relativeWidths.length; i += 1) {
      expect(relativeWidths[i]!.width).toBeLessThan(relativeWidths[i - 1]!.width);
      expect(relativeWidths[i]!.u).toBeLessThan(relativeWidths[i - 1]!.u);
    }
    expect(relativeWidths[3]!.u).toBeCloseTo(0.15, 12);
  });

  it('states the uncertainty rule: ±15 % at harvest, about ±35 % at mid-season', () => {
    expect(yieldUncertaintyFraction(0)).toBeCloseTo(0.15, 12);
    expect(yieldUncertaintyFraction(0.5)).toBeCloseTo(0.35, 12);
    expect(yieldUncertaintyFraction(1)).toBeCloseTo(0.55, 12);
  });
});

describe('estimateSeasonYield — not enough data', () => {
  it('without a planting date asks for it', () => {
    for (const plantingDate of [null, undefined, '']) {
      const result = estimate({ plantingDate });
      expect(result).toMatchObject({ available: false, reason: 'not-enough-data', missing: 'planting-date', lookAgainOn: null });
      expect(!result.available && result.message).toMatch(/planting date/);
    }
  });

  it('before emergence (no image with NDVI ≥ 0.3) says when to look again', () => {
    const result = estimate({ crop: maizeGrain, today: dateOf(20), ndviObservations: images([5, 0.15], [15, 0.29]) });
    expect(result).toMatchObject({ available: false, reason: 'not-enough-data', missing: 'emergence' });
    // The later of a week from today (day 27) and the end of the 25-day initial stage (day 25).
    expect(!result.available && result.reason === 'not-enough-data' && result.lookAgainOn).toBe(dateOf(27));
    expect(!result.available && result.message).toMatch(/does not show from space/);
  });

  it('before planting says the crop is not up yet, with dates as the app writes them', () => {
    const result = estimate({ today: '2024-10-20', ndviObservations: [] });
    expect(result).toMatchObject({ available: false, reason: 'not-enough-data', missing: 'emergence' });
    const message = !result.available ? result.message : '';
    expect(message).toMatch(/is planted on \d{1,2} [A-Z][a-z]{2}\./);
    expect(message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('with one usable image since planting asks for another (older images do not count)', () => {
    const result = estimate({
      today: dateOf(20),
      ndviObservations: [{ date: '2024-09-15', meanNdvi: 0.7 }, ...images([15, 0.55])],
    });
    expect(result).toMatchObject({ available: false, reason: 'not-enough-data', missing: 'images', lookAgainOn: dateOf(27) });
    expect(!result.available && result.message).toMatch(/Only one clear satellite image/);
  });

  it('with no image since planting says so', () => {
    expect(estimate({ today: dateOf(20), ndviObservations: [] })).toMatchObject({ reason: 'not-enough-data', missing: 'images' });
  });
});

describe('estimateSeasonYield — crops without a yield model', () => {
  it('tobacco has no yield model, with the reason', () => {
    for (const crop of ['tobacco-flue-cured', findCropType('tobacco-flue-cured')!]) {
      const result = estimate({ crop });
      expect(result).toMatchObject({ available: false, reason: 'no-yield-model', cropTypeId: 'tobacco-flue-cured' });
      expect(!result.available && result.message).toMatch(/no yield model for tobacco/);
    }
  });

  it('crops the brief gives no RUE / HI / WP* for, and unknown ids, have none either', () => {
    expect(estimate({ crop: 'barley' })).toMatchObject({ available: false, reason: 'no-yield-model' });
    expect(estimate({ crop: 'bean-dry' })).toMatchObject({ available: false, reason: 'no-yield-model' });
    expect(estimate({ crop: 'no-such-crop' })).toMatchObject({ available: false, reason: 'no-yield-model' });
  });

  it('maize varieties, sorghum, wheat and soybean have one', () => {
    for (const id of ['maize-grain-sc727', 'sorghum-grain', 'wheat-spring', 'soybean-early']) {
      const result = estimate({ crop: id, today: dateOf(41), ndviObservations: images([20, 0.5], [40, 0.7]) });
      expect(result.available).toBe(true);
    }
  });
});

describe('estimateSeasonYield — field totals and reporting', () => {
  it('total tonnes are t/ha × field area exactly', () => {
    const fieldAreaHa = 2.73;
    const result = available(
      estimate({ fieldAreaHa, crop: maizeGrain, today: dateOf(70), ndviObservations: images([20, 0.4], [60, 0.75]) }),
    );
    expect(result.range.lowTonnes).toBe(result.range.lowTPerHa * fieldAreaHa);
    expect(result.range.expectedTonnes).toBe(result.range.expectedTPerHa * fieldAreaHa);
    expect(result.range.highTonnes).toBe(result.range.highTPerHa * fieldAreaHa);
    expect(result.fieldAreaHa).toBe(fieldAreaHa);
  });

  it('rejects a field without area', () => {
    expect(() => estimate({ fieldAreaHa: 0 })).toThrow(RangeError);
  });

  it('reports weather gaps and fills them with the measured mean, never with zero', () => {
    const complete = available(estimate({}));
    const withGaps = available(
      estimate({
        weather: [...weatherDays(1, 2), { date: dateOf(5), shortwaveRadiationMjPerM2Day: null, et0Mm: null }, ...weatherDays(6, 40)],
      }),
    );
    expect(withGaps.weather.missingRadiationDates).toEqual([dateOf(3), dateOf(4), dateOf(5)]);
    expect(withGaps.weather.missingEt0Dates).toEqual([dateOf(3), dateOf(4), dateOf(5)]);
    expect(withGaps.weather.gapFillRadiationMjPerM2Day).toBe(20);
    // Same radiation every measured day, so filled days give exactly the same biomass as measured ones would.
    expect(withGaps.lightUseEfficiency.absorbedParSoFarMjPerM2).toBeCloseTo(complete.lightUseEfficiency.absorbedParSoFarMjPerM2, 9);
    // Filled days count as projected in the uncertainty: 0.15 + 0.40 × 3/30.
    expect(withGaps.uncertaintyFraction).toBeCloseTo(0.19, 12);
    expect(withGaps.cautions.join(' ')).toMatch(/missing on 3 of the 30 days/);
    // Transpiration leaves out the days without ET₀.
    expect(withGaps.waterProductivity.transpirationSoFarMm).toBeCloseTo(TR_06 * 5 * 27, 9);
  });

  it('fills gaps with the mean of the measured days', () => {
    const result = available(
      estimate({ weather: [...weatherDays(1, 10, 10), ...weatherDays(12, 30, 30)], ndviObservations: images([1, 0.6], [30, 0.6]) }),
    );
    const measuredMean = (10 * 10 + 19 * 30) / 29;
    expect(result.weather.gapFillRadiationMjPerM2Day).toBeCloseTo(measuredMean, 12);
    expect(result.lightUseEfficiency.absorbedParSoFarMjPerM2).toBeCloseTo(FAPAR_06 * 0.48 * (100 + 570 + measuredMean), 9);
  });

  it('falls back to the stated climatological radiation when no day is measured, and says so', () => {
    const result = available(estimate({ today: dateOf(11), ndviObservations: images([1, 0.6], [10, 0.6]), weather: [] }));
    expect(result.weather.futureRadiationBasis).toBe('climatological');
    expect(result.weather.futureRadiationMjPerM2Day).toBe(20);
    expect(result.weather.missingRadiationDates).toHaveLength(10);
    expect(result.coefficients.find((c) => c.name === 'climatological shortwave radiation')).toMatchObject({ mark: '✖' });
    expect(result.method).toMatch(/assumed typical value/);
  });

  it('returns the method, coefficients with sources, share observed, images used and the caveat', () => {
    const result = available(
      estimate({
        crop: maizeGrain,
        today: dateOf(91),
        ndviObservations: images([20, 0.35], [40, 0.6], [80, 0.8]),
        weather: weatherDays(1, 90),
      }),
    );
    expect(result.imagesUsed).toBe(3);
    expect(result.lastImageDate).toBe(dateOf(80));
    // The Zimbabwe summer-maize default: 140 days from planting to maturity.
    expect(result.seasonShareObserved).toBeCloseTo(90 / 140, 12);
    expect(result.maturityDate).toBe(dateOf(140));
    expect(result.seasonBasis).toMatch(/^140 days from planting to maturity/);
    expect(result.emergenceSeenOn).toBe(dateOf(20));
    expect(result.caveat).toMatch(/R² ≤ 0\.63/);
    expect(result.method).not.toMatch(/✖|rule of thumb/);
    expect(result.method).toMatch(/1\.3–1\.5 g per MJ/);
    for (const coefficient of result.coefficients) {
      expect(coefficient.source.length).toBeGreaterThan(0);
      expect(['✔', '◐', '✖']).toContain(coefficient.mark);
    }
    expect(result.coefficients.find((c) => c.name === 'radiation-use efficiency (RUE)')).toMatchObject({
      value: 1.4,
      range: { min: 1.3, max: 1.5 },
    });
    expect(result.coefficients.find((c) => c.name === 'harvest index')).toMatchObject({ value: 0.45 });
    expect(result.coefficients.find((c) => c.name === 'normalised water productivity WP*')).toMatchObject({ value: 33.7 });
    expect(result.coefficients.find((c) => c.name === 'evaporation part of Kcb (Kc,min)')).toMatchObject({ value: 0.15 });
  });

  it('says when the weather is simulated', () => {
    const result = available(estimate({ weatherIsSimulated: true }));
    expect(result.weather.simulated).toBe(true);
    expect(result.cautions.join(' ')).toMatch(/simulated/);
  });
});
