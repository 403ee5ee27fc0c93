import type { FertilizerResult, HealthResult, IrrigationResult, YieldResult } from '@murimi/core';

/**
 * From an analysis result to the few words and numbers a dashboard tile or a field's card shows. Pure: the tiles
 * translate the kinds and format the numbers; "today" is passed in.
 */

export type HealthStatus = 'healthy' | 'moderate' | 'bare-or-stressed';
export type TrendDirection = 'improving' | 'declining' | 'stable' | 'not-enough-images';

export type HealthHeadline =
  | {
      kind: 'reading';
      status: HealthStatus;
      /** Mean NDVI of the field on the latest clear image (unitless). */
      ndvi: number;
      /** The day of that image (YYYY-MM-DD) and its scene, for the overlay. */
      imageDate: string;
      sceneId: string;
      trend: TrendDirection;
      /** NDVI change per week over the recent clear images; null when there are too few. */
      ndviChangePerWeek: number | null;
      /** NDWI below the spec's threshold; null when the image had no NDWI. */
      waterStress: boolean | null;
      simulated: boolean;
    }
  | { kind: 'no-clear-image'; imagesSeen: number; simulated: boolean };

export function healthHeadline(result: HealthResult): HealthHeadline {
  if (result.status === 'no-clear-image') return { kind: 'no-clear-image', imagesSeen: result.history.length, simulated: result.simulated };
  return {
    kind: 'reading',
    status: result.status,
    ndvi: result.latest.ndvi.mean,
    imageDate: result.latest.date,
    sceneId: result.latest.sceneId,
    trend: result.trend.direction,
    ndviChangePerWeek: result.trend.ndviChangePerWeek,
    waterStress: result.waterStress,
    simulated: result.simulated,
  };
}

/** The newest clear image of the season and its scene; null when none was clear. */
export function lastClearImage(result: HealthResult): { date: string; sceneId: string } | null {
  if (result.status === 'no-clear-image') return null;
  return { date: result.lastClearImage.date, sceneId: result.lastClearImage.sceneId };
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); never below 0. */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}

/** The season's mean NDVI on its usable images, oldest first: the points of the NDVI sparkline. */
export function usableNdviSeries(result: HealthResult): { dates: string[]; values: number[] } {
  const usable = result.history
    .filter((image): image is typeof image & { ndvi: number } => image.usable && image.ndvi !== null)
    .sort((a, b) => a.date.localeCompare(b.date));
  return { dates: usable.map((image) => image.date), values: usable.map((image) => image.ndvi) };
}

export type WaterHeadline =
  | {
      kind: 'schedule';
      status: 'irrigate' | 'postpone' | 'not-needed' | 'no-crop-growing';
      /** The day to irrigate (YYYY-MM-DD) and how much, mm; null when no irrigation is due in the forecast. */
      irrigationDate: string | null;
      depthMm: number | null;
      /** Root-zone depletion at the end of yesterday, mm. */
      rootZoneDepletionMm: number;
      simulatedWeather: boolean;
      staleWeather: boolean;
    }
  | {
      kind: 'rain-fed';
      stressedToday: boolean;
      /** Days until the crop is expected to be short of water; null when not in the forecast. */
      daysUntilStress: number | null;
      expectedStressDays: number;
      forecastDays: number;
      rootZoneDepletionMm: number;
      simulatedWeather: boolean;
      staleWeather: boolean;
    }
  | { kind: 'needs-field-details'; message: string };

export function waterHeadline(result: IrrigationResult): WaterHeadline {
  if ('status' in result) return { kind: 'needs-field-details', message: result.message };
  const { advice, waterBalance, weather } = result;
  const common = {
    rootZoneDepletionMm: waterBalance.rootZoneDepletionMm,
    simulatedWeather: weather.simulated,
    staleWeather: weather.stale,
  };
  if (advice.kind === 'irrigation-schedule')
    return { kind: 'schedule', status: advice.status, irrigationDate: advice.irrigationDate, depthMm: advice.depthMm, ...common };
  return {
    kind: 'rain-fed',
    stressedToday: advice.stressedToday,
    daysUntilStress: advice.daysUntilStress,
    expectedStressDays: advice.expectedStressDays,
    forecastDays: advice.forecastDays,
    ...common,
  };
}

export interface NutrientKgPerHa {
  nitrogen: number;
  phosphate: number;
  potash: number;
}

export type FertilizerHeadline =
  | {
      kind: 'advice';
      status: 'recommendation' | 'no-recommendation';
      /** The engine's own sentence, e.g. "Apply now — N top-dress (V6–V8): 81 kg/ha Urea (7 × 50 kg)." */
      headline: string;
      /** N, P₂O₅ and K₂O still to apply this season, kg/ha. */
      stillNeeded: NutrientKgPerHa;
      /** The application to act on next: one to apply now, else the next upcoming one. */
      next: { label: string; action: 'apply-now' | 'hold' | 'wait'; from: string | null; to: string | null } | null;
    }
  | { kind: 'needs-field-details'; message: string };

export function fertilizerHeadline(result: FertilizerResult): FertilizerHeadline {
  if (result.status === 'needs-field-details') return { kind: 'needs-field-details', message: result.message };
  const next =
    result.events.find((event) => event.action === 'apply-now') ??
    result.events.find((event) => event.timing === 'upcoming' || event.timing === 'due-now') ??
    null;
  return {
    kind: 'advice',
    status: result.status,
    headline: result.headline,
    stillNeeded: {
      nitrogen: result.stillNeeded.nitrogenKgPerHa,
      phosphate: result.stillNeeded.phosphateKgPerHa,
      potash: result.stillNeeded.potashKgPerHa,
    },
    next: next && { label: next.label, action: next.action, from: next.windowDates?.from ?? null, to: next.windowDates?.to ?? null },
  };
}

export type YieldHeadline =
  | {
      kind: 'estimate';
      cropName: string;
      /** t/ha of grain (or the crop's harvested part) at `moisturePct`: as weighed and sold. */
      lowTPerHa: number;
      expectedTPerHa: number;
      highTPerHa: number;
      /** The whole field, tonnes at `moisturePct`. */
      expectedTonnes: number;
      /** Grain moisture of the figures above, %; null for results made before moisture was reported (dry grain). */
      moisturePct: number | null;
      /** What holds the yield back most, in one sentence; null when nothing stands out or the result predates it. */
      limitingFactor: string | null;
      /** The season's recorded harvest at `moisturePct`, t/ha; null when none was recorded. */
      harvestedTPerHa: number | null;
      /** What it rests on: clear images, the share of the season measured (%), the last image. */
      imagesUsed: number;
      seasonObservedPct: number;
      lastImageDate: string;
      simulatedWeather: boolean;
    }
  | { kind: 'unavailable'; message: string; lookAgainOn: string | null };

export function yieldHeadline(result: YieldResult): YieldHeadline {
  if ('status' in result) return { kind: 'unavailable', message: result.message, lookAgainOn: null };
  if (!result.available)
    return { kind: 'unavailable', message: result.message, lookAgainOn: 'lookAgainOn' in result ? result.lookAgainOn : null };
  const range = result.rangeAtStandardMoisture ?? result.range;
  const limit = result.limitingFactor;
  return {
    kind: 'estimate',
    cropName: result.cropName,
    lowTPerHa: range.lowTPerHa,
    expectedTPerHa: range.expectedTPerHa,
    highTPerHa: range.highTPerHa,
    expectedTonnes: range.expectedTonnes,
    moisturePct: result.rangeAtStandardMoisture ? (result.grainMoisturePct ?? null) : null,
    limitingFactor: limit && limit.factor !== 'none' ? limit.explanation : null,
    harvestedTPerHa: result.harvest?.harvestedTPerHaAtStandardMoisture ?? null,
    imagesUsed: result.imagesUsed,
    seasonObservedPct: Math.round(result.seasonShareObserved * 100),
    lastImageDate: result.lastImageDate,
    simulatedWeather: result.weather.simulated,
  };
}

/** The four groups of the farm totals; a field whose season had no clear image counts as not analysed. */
export const healthBuckets = ['healthy', 'moderate', 'bare-or-stressed', 'not-analysed'] as const;
export type HealthBucket = (typeof healthBuckets)[number];

export type FarmHealthTotals = Record<HealthBucket, { fields: number; hectares: number }>;

/** Fields and hectares by their latest health status. */
export function farmHealthTotals(fields: readonly { size_hectares: number; health: { status: string } | null }[]): FarmHealthTotals {
  const totals = Object.fromEntries(healthBuckets.map((bucket) => [bucket, { fields: 0, hectares: 0 }])) as FarmHealthTotals;
  for (const field of fields) {
    const status = field.health?.status;
    const bucket: HealthBucket = status === 'healthy' || status === 'moderate' || status === 'bare-or-stressed' ? status : 'not-analysed';
    totals[bucket].fields += 1;
    totals[bucket].hectares += field.size_hectares;
  }
  return totals;
}

/** One day of weather as the forecast gives it (°C, mm). */
export interface WeatherDayFigures {
  date: string;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  precipitationMm: number | null;
  et0FaoMm: number | null;
}

/** Today's day of a forecast (by the field's calendar, YYYY-MM-DD), or its first day when today is not in it. */
export function weatherToday<Day extends WeatherDayFigures>(days: readonly Day[], today: string): Day | null {
  return days.find((day) => day.date === today) ?? days[0] ?? null;
}
