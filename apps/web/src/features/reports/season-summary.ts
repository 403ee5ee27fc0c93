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
    /** Days of the water balance the figures cover: every day since planting, or an older result's last days (up to 14). */
    days: number;
    /** The figures cover the season since planting, not only the balance's last days. */
    sincePlanting: boolean;
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

/** What the water figures add up of a day of the balance: depths in mm, Ks (FAO-56 Eq. 84). */
interface WaterDay {
  date: string;
  irrigationMm: number;
  rainMm: number;
  etcAdjMm: number;
  ks: number;
}

/** The balance's days since planting where the result keeps the season, else its last days (older results). */
function waterDays(irrigation: IrrigationResult | null): { days: WaterDay[]; sincePlanting: boolean } {
  if (!irrigation || !('waterBalance' in irrigation)) return { days: [], sincePlanting: false };
  const { season, lastDays } = irrigation.waterBalance;
  if (!season) return { days: lastDays, sincePlanting: false };
  const days = season.dates.map((date, i) => ({
    date,
    irrigationMm: season.irrigationMm[i] ?? 0,
    rainMm: season.rainMm[i] ?? 0,
    etcAdjMm: season.etcAdjMm[i] ?? 0,
    ks: season.ks[i] ?? 1,
  }));
  return { days, sincePlanting: true };
}

/** The season summary of a field from its latest yield, irrigation and fertilizer results (any may be missing). */
export function seasonSummary(results: {
  yield: YieldResult | null;
  irrigation: IrrigationResult | null;
  fertilizer: FertilizerResult | null;
}): SeasonSummary {
  const estimate = results.yield ? yieldHeadline(results.yield) : null;
  const { days: balance, sincePlanting } = waterDays(results.irrigation);
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
            sincePlanting,
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
