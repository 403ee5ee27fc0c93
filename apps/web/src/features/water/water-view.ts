import type { IrrigationAdviceResult } from '@murimi/core';
import type { FieldWeatherDay } from './weather-api.ts';

type WaterBalance = IrrigationAdviceResult['waterBalance'];

/** What the chart draws of a day of the balance, mm. */
type ChartDay = Pick<
  WaterBalance['lastDays'][number],
  'date' | 'rootZoneDepletionMm' | 'readilyAvailableWaterMm' | 'totalAvailableWaterMm' | 'irrigationMm' | 'rainMm'
>;

/** The root-zone water balance as the chart draws it: one value per day, mm. */
export interface DepletionSeries {
  dates: string[];
  depletion: (number | null)[];
  readilyAvailable: (number | null)[];
  totalAvailable: (number | null)[];
  irrigation: (number | null)[];
  rain: (number | null)[];
  /** The first day that is a forecast, not a past day of the balance; null when none is. */
  firstForecastDate: string | null;
  /** Days with irrigation or rain counted by the balance. */
  wetDates: string[];
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
/** A figure the season's columns lack (a column shorter than its dates) is a gap in the line, not a zero. */
const drawn = (mm: number) => (Number.isFinite(mm) ? oneDecimal(mm) : null);

/** The balance's past days: the whole season where the result keeps it, else its last days. */
function pastDays({ season, lastDays }: WaterBalance): ChartDay[] {
  if (!season) return lastDays;
  return season.dates.map((date, i) => ({
    date,
    rootZoneDepletionMm: season.depletionMm[i] ?? NaN,
    readilyAvailableWaterMm: season.readilyAvailableWaterMm[i] ?? NaN,
    totalAvailableWaterMm: season.totalAvailableWaterMm[i] ?? NaN,
    irrigationMm: season.irrigationMm[i] ?? 0,
    rainMm: season.rainMm[i] ?? 0,
  }));
}

/**
 * The balance's past days (since planting, or the last days of an older result) and the advice's projection as one
 * series of days: a day the projection repeats is taken from the projection (it is the newer reckoning). Irrigation
 * and rain are drawn as 0 on dry days.
 */
export function depletionSeries(result: IrrigationAdviceResult): DepletionSeries {
  const byDate = new Map<string, ChartDay>();
  for (const day of pastDays(result.waterBalance)) byDate.set(day.date, day);
  for (const day of result.advice.projection) byDate.set(day.date, day);
  const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  const firstForecast = result.advice.projection.map((day) => day.date).sort()[0] ?? null;
  return {
    dates: days.map((day) => day.date),
    depletion: days.map((day) => drawn(day.rootZoneDepletionMm)),
    readilyAvailable: days.map((day) => drawn(day.readilyAvailableWaterMm)),
    totalAvailable: days.map((day) => drawn(day.totalAvailableWaterMm)),
    irrigation: days.map((day) => oneDecimal(day.irrigationMm)),
    rain: days.map((day) => oneDecimal(day.rainMm)),
    firstForecastDate: firstForecast,
    wetDates: days.filter((day) => day.irrigationMm > 0 || day.rainMm > 0).map((day) => day.date),
  };
}

/** The depth the log form starts from: the advised depth (mm, one decimal), or blank when none is advised. */
export function defaultDepthText(result: IrrigationAdviceResult | null): string {
  if (!result || result.advice.kind !== 'irrigation-schedule' || result.advice.depthMm === null) return '';
  return String(oneDecimal(result.advice.depthMm));
}

/** One input of the advice, for the "Why" list: a key the screen words, and its value with its unit. */
export interface AdviceInput {
  key:
    | 'depletionNow'
    | 'readilyAvailable'
    | 'totalAvailable'
    | 'depletionAtIrrigation'
    | 'rainExpected'
    | 'depth'
    | 'applications'
    | 'ksToday'
    | 'stressDays'
    | 'soil';
  value: number | string;
  unit: 'mm' | '' | 'days' | 'texture';
}

/** What the advice was worked out from, in the order a farmer checks it. */
export function adviceInputs(result: IrrigationAdviceResult): AdviceInput[] {
  const { advice, waterBalance } = result;
  const items: AdviceInput[] = [{ key: 'depletionNow', value: oneDecimal(waterBalance.rootZoneDepletionMm), unit: 'mm' }];
  if (waterBalance.readilyAvailableWaterMm !== null)
    items.push({ key: 'readilyAvailable', value: oneDecimal(waterBalance.readilyAvailableWaterMm), unit: 'mm' });
  if (waterBalance.totalAvailableWaterMm !== null)
    items.push({ key: 'totalAvailable', value: oneDecimal(waterBalance.totalAvailableWaterMm), unit: 'mm' });
  if (advice.kind === 'irrigation-schedule') {
    if (advice.depletionAtIrrigationMm !== null)
      items.push({ key: 'depletionAtIrrigation', value: oneDecimal(advice.depletionAtIrrigationMm), unit: 'mm' });
    if (advice.rainExpectedMm !== null) items.push({ key: 'rainExpected', value: oneDecimal(advice.rainExpectedMm), unit: 'mm' });
    if (advice.depthMm !== null) items.push({ key: 'depth', value: oneDecimal(advice.depthMm), unit: 'mm' });
    if (advice.applicationsToRefill !== null && advice.applicationsToRefill > 1)
      items.push({ key: 'applications', value: advice.applicationsToRefill, unit: '' });
  } else {
    items.push({ key: 'ksToday', value: Math.round(advice.ksToday * 100) / 100, unit: '' });
    items.push({ key: 'stressDays', value: advice.expectedStressDays, unit: 'days' });
  }
  items.push({ key: 'soil', value: waterBalance.soil.texture, unit: 'texture' });
  return items;
}

/** One forecast day as bars: the numbers, and each bar's length as a share (0–100) of the week's scale. */
export interface ForecastBar {
  date: string;
  rainMm: number | null;
  rainChancePct: number | null;
  tMinC: number | null;
  tMaxC: number | null;
  et0Mm: number | null;
  rainWidthPct: number;
  et0WidthPct: number;
}

/**
 * Rain and ET₀ share one mm scale (so a day's rain bar beside its ET₀ bar says whether the rain covers the crop's
 * use); the scale is at least 10 mm, so a week of drizzle does not fill the bars.
 */
export function forecastBars(days: readonly FieldWeatherDay[]): { scaleMm: number; bars: ForecastBar[] } {
  const scaleMm = Math.max(10, ...days.flatMap((day) => [day.precipitationMm ?? 0, day.et0FaoMm ?? 0]));
  const share = (mm: number | null) => (mm === null ? 0 : Math.round((Math.max(0, mm) / scaleMm) * 100));
  return {
    scaleMm,
    bars: days.map((day) => ({
      date: day.date,
      rainMm: day.precipitationMm,
      rainChancePct: day.precipitationProbabilityMaxPct,
      tMinC: day.temperatureMinC,
      tMaxC: day.temperatureMaxC,
      et0Mm: day.et0FaoMm,
      rainWidthPct: share(day.precipitationMm),
      et0WidthPct: share(day.et0FaoMm),
    })),
  };
}

/**
 * The advice's reasons, the balance's assumptions and the weather's gaps, each said once and none the sentence
 * already says: the "Why" list under the one-sentence recommendation.
 */
export function adviceNotes(result: IrrigationAdviceResult, sentence: string): string[] {
  const all = [...result.advice.reasons.map((reason) => reason.message), ...result.waterBalance.assumptions, ...result.weather.gaps];
  return [...new Set(all)].filter((text) => !sentence.includes(text.trim()));
}
