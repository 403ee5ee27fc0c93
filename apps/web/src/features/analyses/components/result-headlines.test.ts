import { fertilizerAdviceResultSchema, healthResultSchema, irrigationResultSchema, yieldResultSchema } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import fertilizerJson from '../../../../../../packages/core/src/analysis-results/fixtures/fertilizer-result.json';
import healthJson from '../../../../../../packages/core/src/analysis-results/fixtures/health-result.json';
import irrigationScheduleJson from '../../../../../../packages/core/src/analysis-results/fixtures/irrigation-schedule-result.json';
import waterStressJson from '../../../../../../packages/core/src/analysis-results/fixtures/irrigation-water-stress-result.json';
import yieldNeedsDetailsJson from '../../../../../../packages/core/src/analysis-results/fixtures/yield-needs-field-details-result.json';
import yieldJson from '../../../../../../packages/core/src/analysis-results/fixtures/yield-result.json';
import {
  daysBetween,
  farmHealthTotals,
  fertilizerHeadline,
  healthHeadline,
  lastClearImage,
  usableNdviSeries,
  waterHeadline,
  weatherToday,
  yieldHeadline,
} from './result-headlines.ts';

// Results as the analyses store them (checked against core's schemas, so a schema change breaks these first).
const health = healthResultSchema.parse(healthJson);
const irrigationSchedule = irrigationResultSchema.parse(irrigationScheduleJson);
const waterStress = irrigationResultSchema.parse(waterStressJson);
const fertilizer = fertilizerAdviceResultSchema.parse(fertilizerJson);
const yieldEstimate = yieldResultSchema.parse(yieldJson);
const yieldNeedsDetails = yieldResultSchema.parse(yieldNeedsDetailsJson);

describe('crop health headline', () => {
  it('gives the status, the mean NDVI of the latest clear image with its day, the trend and "simulated"', () => {
    expect(healthHeadline(health)).toEqual({
      kind: 'reading',
      status: 'healthy',
      ndvi: 0.702,
      imageDate: '2026-11-25',
      sceneId: 'S2SIM_36S-1_20261125_L2A',
      trend: 'improving',
      ndviChangePerWeek: 0.094,
      waterStress: false,
      simulated: true,
    });
    expect(lastClearImage(health)).toEqual({ date: '2026-11-25', sceneId: 'S2SIM_36S-1_20261125_L2A' });
  });

  it('says no image was clear, and how many there were, rather than a number', () => {
    const cloudy = healthResultSchema.parse({
      status: 'no-clear-image',
      simulated: false,
      source: 'earth-search',
      history: health.history.slice(0, 3),
    });
    expect(healthHeadline(cloudy)).toEqual({ kind: 'no-clear-image', imagesSeen: 3, simulated: false });
    expect(lastClearImage(cloudy)).toBeNull();
  });

  it('draws the sparkline from the usable images only, oldest first', () => {
    const series = usableNdviSeries({ ...health, history: [...health.history].reverse() });
    expect(series.dates).toEqual([
      '2026-09-26',
      '2026-10-06',
      '2026-10-11',
      '2026-10-16',
      '2026-10-21',
      '2026-10-26',
      '2026-11-05',
      '2026-11-20',
      '2026-11-25',
    ]);
    expect(series.values).not.toContain(0.587);
    expect(series.values.at(-1)).toBe(0.702);
  });

  it('counts whole days since the last clear image', () => {
    expect(daysBetween('2026-11-25', '2026-11-25')).toBe(0);
    expect(daysBetween('2026-11-20', '2026-12-02')).toBe(12);
    expect(daysBetween('2026-12-02', '2026-11-20')).toBe(0);
  });
});

describe('water headline', () => {
  it('gives an irrigated field the day and depth of its next irrigation', () => {
    expect(waterHeadline(irrigationSchedule)).toMatchObject({
      kind: 'schedule',
      status: 'irrigate',
      irrigationDate: '2026-11-26',
      depthMm: 30,
      simulatedWeather: true,
      staleWeather: false,
    });
  });

  it('gives a rain-fed field its stress outlook', () => {
    expect(waterHeadline(waterStress)).toMatchObject({
      kind: 'rain-fed',
      stressedToday: false,
      daysUntilStress: 1,
      expectedStressDays: 4,
      forecastDays: 7,
    });
  });

  it('passes on what to add when the field lacks details', () => {
    const needs = irrigationResultSchema.parse({ status: 'needs-field-details', message: 'Add the planting date.' });
    expect(waterHeadline(needs)).toEqual({ kind: 'needs-field-details', message: 'Add the planting date.' });
  });
});

describe('fertilizer headline', () => {
  it('gives N, P₂O₅ and K₂O still needed in kg/ha and the application to act on', () => {
    expect(fertilizerHeadline(fertilizer)).toEqual({
      kind: 'advice',
      status: 'recommendation',
      headline: 'Apply now — N top-dress (V6–V8): 81 kg/ha Urea (7 × 50 kg).',
      stillNeeded: { nitrogen: 37.2, phosphate: 9.3, potash: 3.5 },
      next: { label: 'N top-dress (V6–V8)', action: 'apply-now', from: '2026-10-16', to: '2026-10-26' },
    });
  });

  it('has nothing to act on when every application is missed', () => {
    const done = {
      ...fertilizer,
      events: fertilizer.events.map((event) => ({ ...event, action: 'wait' as const, timing: 'missed' as const })),
    };
    expect(fertilizerHeadline(done)).toMatchObject({ kind: 'advice', next: null });
  });
});

describe('yield headline', () => {
  it('gives the range in t/ha with what it rests on', () => {
    const headline = yieldHeadline(yieldEstimate);
    expect(headline).toMatchObject({
      kind: 'estimate',
      imagesUsed: 9,
      seasonObservedPct: 39,
      lastImageDate: '2026-11-25',
      simulatedWeather: true,
    });
    if (headline.kind !== 'estimate') throw new Error('expected an estimate');
    expect(headline.lowTPerHa).toBeCloseTo(9.74, 2);
    expect(headline.expectedTPerHa).toBeCloseTo(17.44, 2);
    expect(headline.highTPerHa).toBeCloseTo(25.51, 2);
    // A result stored before moisture was reported is dry grain, and says so by having no moisture.
    expect(headline.moisturePct).toBeNull();
    expect(headline.limitingFactor).toBeNull();
  });

  it('shows grain at 12.5 % moisture, the main limit and a recorded harvest when the result has them', () => {
    if (!('available' in yieldEstimate) || !yieldEstimate.available) throw new Error('expected an estimate');
    const wet = (value: number) => value / 0.875;
    const calibrated = yieldResultSchema.parse({
      ...yieldEstimate,
      grainMoisturePct: 12.5,
      rangeAtStandardMoisture: {
        lowTPerHa: wet(2),
        expectedTPerHa: wet(4),
        highTPerHa: wet(6),
        lowTonnes: wet(8),
        expectedTonnes: wet(16),
        highTonnes: wet(24),
      },
      limitingFactor: {
        factor: 'nitrogen',
        lossShare: { water: 0, nitrogen: 0.4, canopy: 0.2 },
        explanation: 'Nitrogen and soil fertility: about 40 % less.',
      },
      harvest: {
        harvestId: 'h1',
        harvestDate: '2027-04-30',
        harvestedTPerHa: 5,
        moisturePct: 20,
        harvestedTPerHaAtStandardMoisture: wet(4),
        position: 'within',
        differenceFromExpectedShare: 0,
      },
    });
    const headline = yieldHeadline(calibrated);
    if (headline.kind !== 'estimate') throw new Error('expected an estimate');
    expect(headline.moisturePct).toBe(12.5);
    expect(headline.expectedTPerHa).toBeCloseTo(4 / 0.875, 9);
    expect(headline.expectedTonnes).toBeCloseTo(16 / 0.875, 9);
    expect(headline.limitingFactor).toBe('Nitrogen and soil fertility: about 40 % less.');
    expect(headline.harvestedTPerHa).toBeCloseTo(4 / 0.875, 9);
  });

  it('says why there is no estimate, and when to look again', () => {
    expect(yieldHeadline(yieldNeedsDetails)).toEqual({
      kind: 'unavailable',
      message: 'Add the crop and planting date to this field to get a yield estimate.',
      lookAgainOn: null,
    });
    const early = yieldResultSchema.parse({
      available: false,
      reason: 'not-enough-data',
      missing: 'images',
      message: 'Too few images.',
      lookAgainOn: '2026-12-10',
    });
    expect(yieldHeadline(early)).toEqual({ kind: 'unavailable', message: 'Too few images.', lookAgainOn: '2026-12-10' });
  });
});

describe('farm totals', () => {
  it('counts fields and hectares by latest health status; no clear image or no analysis is "not analysed"', () => {
    const totals = farmHealthTotals([
      { size_hectares: 24, health: { status: 'healthy' } },
      { size_hectares: 8, health: { status: 'healthy' } },
      { size_hectares: 3.5, health: { status: 'moderate' } },
      { size_hectares: 0.6, health: { status: 'bare-or-stressed' } },
      { size_hectares: 2, health: { status: 'no-clear-image' } },
      { size_hectares: 1, health: null },
    ]);
    expect(totals).toEqual({
      healthy: { fields: 2, hectares: 32 },
      moderate: { fields: 1, hectares: 3.5 },
      'bare-or-stressed': { fields: 1, hectares: 0.6 },
      'not-analysed': { fields: 2, hectares: 3 },
    });
  });
});

describe("today's weather", () => {
  const day = (date: string) => ({ date, temperatureMaxC: 29, temperatureMinC: 15, precipitationMm: 0, et0FaoMm: 5.1 });
  it("takes the forecast's day that is today, else its first", () => {
    expect(weatherToday([day('2026-11-24'), day('2026-11-25')], '2026-11-25')?.date).toBe('2026-11-25');
    expect(weatherToday([day('2026-11-26')], '2026-11-25')?.date).toBe('2026-11-26');
    expect(weatherToday([], '2026-11-25')).toBeNull();
  });
});
