import type { FertilizerResult, IrrigationAdviceResult, IrrigationResult, YieldResult } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import fertilizerFixture from '../../../../../packages/core/src/analysis-results/fixtures/fertilizer-result.json';
import irrigationFixture from '../../../../../packages/core/src/analysis-results/fixtures/irrigation-schedule-result.json';
import yieldFixture from '../../../../../packages/core/src/analysis-results/fixtures/yield-result.json';
import { yieldHeadline } from '../analyses/components/result-headlines.ts';
import { seasonSummary } from './season-summary.ts';

/** The fixture's balance with a 25 mm irrigation on its fourth day, a dry root zone (Ks 0.6) on its last two and a slight dip (Ks 0.95) before. */
function irrigationWithEvent(): IrrigationResult {
  const result = structuredClone(irrigationFixture) as unknown as IrrigationAdviceResult;
  const days = result.waterBalance.lastDays;
  days.forEach((day) => {
    day.ks = 1;
  });
  days[3]!.irrigationMm = 25;
  days.at(-1)!.ks = 0.6;
  days.at(-2)!.ks = 0.6;
  days.at(-3)!.ks = 0.95;
  return result;
}

describe('seasonSummary', () => {
  it('adds the balance’s irrigation, rain and crop water use and counts only the days materially short of water', () => {
    const irrigation = irrigationWithEvent() as IrrigationAdviceResult;
    const days = irrigation.waterBalance.lastDays;
    const water = seasonSummary({ yield: null, irrigation, fertilizer: null }).water!;
    expect(water.days).toBe(days.length);
    expect(water.from).toBe(days[0]!.date);
    expect(water.to).toBe(days.at(-1)!.date);
    expect(water.irrigationMm).toBe(25);
    expect(water.rainMm).toBeCloseTo(
      days.reduce((sum, day) => sum + day.rainMm, 0),
      1,
    );
    expect(water.cropWaterUseMm).toBeCloseTo(
      days.reduce((sum, day) => sum + day.etcAdjMm, 0),
      1,
    );
    expect(water.stressDays).toBe(2);
    expect(water.sincePlanting).toBe(false);
  });

  it('adds up the whole season since planting when the result keeps it, not only the last days', () => {
    const irrigation = irrigationWithEvent() as IrrigationAdviceResult;
    irrigation.waterBalance.season = {
      dates: ['2025-11-01', '2025-11-02', '2025-11-03', '2025-11-04', '2025-11-05'],
      depletionMm: [0, 3.1, 8.4, 14, 2],
      readilyAvailableWaterMm: [10, 10.2, 10.4, 10.6, 10.8],
      totalAvailableWaterMm: [20, 20.4, 20.8, 21.2, 21.6],
      rainMm: [0, 0, 0, 0, 12.5],
      irrigationMm: [30, 0, 0, 0, 20],
      etcAdjMm: [2.1, 2.2, 2.3, 1.9, 2.4],
      // 0.9 itself is not short of water: only below it.
      ks: [1, 1, 0.9, 0.85, 1],
    };
    const water = seasonSummary({ yield: null, irrigation, fertilizer: null }).water!;
    expect(water).toEqual({
      days: 5,
      sincePlanting: true,
      from: '2025-11-01',
      to: '2025-11-05',
      irrigationMm: 50,
      rainMm: 12.5,
      cropWaterUseMm: 10.9,
      stressDays: 1,
    });
  });

  it('puts the fertilizer applied beside what the advice puts on in all (applied + still needed)', () => {
    const fertilizer = fertilizerFixture as unknown as FertilizerResult & {
      nutrients: Record<string, { appliedKgPerHa: number; stillNeededKgPerHa: number }>;
    };
    const summary = seasonSummary({ yield: null, irrigation: null, fertilizer }).fertilizer!;
    const n = fertilizer.nutrients.nitrogen!;
    expect(summary.nitrogen).toEqual({
      appliedKgPerHa: n.appliedKgPerHa,
      advisedKgPerHa: Math.round((n.appliedKgPerHa + n.stillNeededKgPerHa) * 10) / 10,
    });
    expect(summary.potash.advisedKgPerHa).toBeGreaterThanOrEqual(summary.potash.appliedKgPerHa);
  });

  it('takes the yield range from the estimate and leaves out what has no analysis', () => {
    const yieldResult = yieldFixture as unknown as YieldResult;
    const headline = yieldHeadline(yieldResult);
    const summary = seasonSummary({ yield: yieldResult, irrigation: null, fertilizer: null });
    if (headline.kind !== 'estimate') throw new Error('the fixture is an estimate');
    expect(summary.yield).toMatchObject({
      lowTPerHa: headline.lowTPerHa,
      expectedTPerHa: headline.expectedTPerHa,
      highTPerHa: headline.highTPerHa,
    });
    expect(summary.water).toBeNull();
    expect(summary.fertilizer).toBeNull();
  });

  it('has no water figures for a field whose irrigation analysis needs its details', () => {
    const irrigation = { status: 'needs-field-details', message: 'Add the planting date.' } as unknown as IrrigationResult;
    expect(seasonSummary({ yield: null, irrigation, fertilizer: null }).water).toBeNull();
  });
});
