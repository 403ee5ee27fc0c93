import { MATERIAL_WATER_STRESS_KS, type FertilizerResult, type IrrigationResult, type YieldResult } from '@murimi/core';
import { yieldHeadline } from '../analyses/components/result-headlines.ts';

/** A nutrient's season so far: what was put on and what the advice puts on in all, kg/ha. */
export interface NutrientSeason {
  appliedKgPerHa: number;
  advisedKgPerHa: number;
}

/** The figures of one field's season, each from the latest analysis of its kind; null where there is none to read. */
export interface SeasonSummary {
  yield: {
    lowTPerHa: number;
    expectedTPerHa: number;
    highTPerHa: number;
    moisturePct: number | null;
    harvestedTPerHa: number | null;
  } | null;
  water: {
    /** Days of the water balance the figures cover (its last days, up to 14). */
    days: number;
    from: string;
    to: string;
    irrigationMm: number;
    rainMm: number;
    /** The crop's water use under its conditions over those days, ETc adj (FAO-56 Eq. 80), mm. */
    cropWaterUseMm: number;
    /** Days short of water: Ks (FAO-56 Eq. 84) below the material-stress line the advice itself uses. */
    stressDays: number;
  } | null;
  fertilizer: { nitrogen: NutrientSeason; phosphate: NutrientSeason; potash: NutrientSeason } | null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The season summary of a field from its latest yield, irrigation and fertilizer results (any may be missing). */
export function seasonSummary(results: {
  yield: YieldResult | null;
  irrigation: IrrigationResult | null;
  fertilizer: FertilizerResult | null;
}): SeasonSummary {
  const estimate = results.yield ? yieldHeadline(results.yield) : null;
  const balance = results.irrigation && 'waterBalance' in results.irrigation ? results.irrigation.waterBalance.lastDays : [];
  const advice = results.fertilizer && results.fertilizer.status !== 'needs-field-details' ? results.fertilizer.nutrients : null;
  const nutrient = (n: { appliedKgPerHa: number; stillNeededKgPerHa: number }): NutrientSeason => ({
    appliedKgPerHa: round1(n.appliedKgPerHa),
    advisedKgPerHa: round1(n.appliedKgPerHa + n.stillNeededKgPerHa),
  });
  return {
    yield:
      estimate?.kind === 'estimate'
        ? {
            lowTPerHa: estimate.lowTPerHa,
            expectedTPerHa: estimate.expectedTPerHa,
            highTPerHa: estimate.highTPerHa,
            moisturePct: estimate.moisturePct,
            harvestedTPerHa: estimate.harvestedTPerHa,
          }
        : null,
    water:
      balance.length > 0
        ? {
            days: balance.length,
            from: balance[0]!.date,
            to: balance.at(-1)!.date,
            irrigationMm: round1(balance.reduce((sum, day) => sum + day.irrigationMm, 0)),
            rainMm: round1(balance.reduce((sum, day) => sum + day.rainMm, 0)),
            cropWaterUseMm: round1(balance.reduce((sum, day) => sum + day.etcAdjMm, 0)),
            stressDays: balance.filter((day) => day.ks < MATERIAL_WATER_STRESS_KS).length,
          }
        : null,
    fertilizer: advice
      ? { nitrogen: nutrient(advice.nitrogen), phosphate: nutrient(advice.phosphate), potash: nutrient(advice.potash) }
      : null,
  };
}
