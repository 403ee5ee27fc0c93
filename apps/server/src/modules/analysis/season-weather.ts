import {
  addDays,
  dailyReferenceEt0,
  NO_RECORDED_WATER,
  recordedWaterAssumptions,
  simulateRootZoneWaterBalance,
  withRecordedWater,
  type CropType,
  type DailyWaterInput,
  type RecordedWater,
  type RootZoneWaterBalance,
  type SoilTextureClass,
} from '@murimi/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../app-context.ts';
import type { WeatherCell } from '../weather/weather.cells.ts';
import type { PresentedDay } from '../weather/weather.schemas.ts';
import type { WeatherProvider } from '../weather/weather.providers.ts';

/** A field's weather for an analysis: every day from the season's start to yesterday, and today plus the forecast. */
export interface SeasonWeather {
  past: PresentedDay[];
  forecast: PresentedDay[];
  /** True when any day came from the simulated series. */
  simulated: boolean;
  /** True when Open-Meteo was down and the last forecast kept (under a day old) was used. */
  stale: boolean;
  /**
   * The water recorded on the field over the same days (irrigation given, rain-gauge readings), which the balance
   * counts with the weather: an irrigation adds its depth on its day, a gauge reading replaces the day's rain.
   */
  recorded: RecordedWater;
}

/** The weather source's days alone, before the field's recorded water joins them. */
export type SeasonWeatherSeries = Omit<SeasonWeather, 'recorded'>;

/** What a season's weather is read with: the service context and the organisation's weather provider. */
export type SeasonWeatherContext = ServiceContext & { weather: WeatherProvider };

/**
 * The days from `start` to `today` − 1 and `today` onwards: the forecast's own past days (the last 30) and, before
 * those, the archive. Open-Meteo down with nothing kept is an error the analysis stores ("weather unavailable").
 * With the analysis's `signal`, a cancel drops the weather requests in flight.
 */
export async function seasonWeather(
  ctx: SeasonWeatherContext,
  cell: WeatherCell,
  start: string,
  today: string,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<SeasonWeatherSeries> {
  const forecast = await ctx.weather.forecast(ctx, cell, log, signal);
  const recent = forecast.forecast.days;
  const firstRecent = recent[0]?.date ?? today;
  const earlier =
    start < firstRecent
      ? await ctx.weather.history(ctx, cell, start, addDays(firstRecent, -1), log, signal)
      : { days: [], source: forecast.source };
  const tag = (day: (typeof recent)[number]): PresentedDay => ({
    ...day,
    source: forecast.source,
    dataset: forecast.source === 'simulated' ? 'simulated' : 'forecast',
  });
  const byDate = new Map<string, PresentedDay>();
  for (const day of [...earlier.days, ...recent.map(tag)]) if (day.date >= start) byDate.set(day.date, day);
  const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  return {
    past: days.filter((day) => day.date < today),
    forecast: days.filter((day) => day.date >= today).slice(0, 7),
    simulated: days.some((day) => day.source === 'simulated'),
    stale: forecast.stale,
  };
}

/**
 * Days as the water balance takes them, and the gaps that had to be filled (shown with the advice). A missing ET₀ is
 * worked out from the day's temperatures (FAO-56, its estimated inputs noted), or else taken as the mean of the
 * known days; missing rain counts as none unless the field's gauge was read. The water recorded on the field joins
 * the days here (core's `withRecordedWater`), for the season's past and for today's forecast alike. A season with no
 * ET₀ at all cannot be balanced and is an error.
 */
export function waterInputs(
  days: readonly PresentedDay[],
  latitudeDeg: number,
  recorded: RecordedWater = NO_RECORDED_WATER,
): { days: DailyWaterInput[]; gaps: string[] } {
  const gaps: string[] = [];
  const et0Of = (day: PresentedDay): number | null => {
    if (day.et0FaoMm !== null) return day.et0FaoMm;
    if (day.temperatureMaxC === null || day.temperatureMinC === null) return null;
    gaps.push(`${day.date}: ET₀ worked out from the day's temperatures`);
    return dailyReferenceEt0({
      date: day.date,
      latitudeDeg,
      elevationM: 0,
      tempMaxC: day.temperatureMaxC,
      tempMinC: Math.min(day.temperatureMinC, day.temperatureMaxC),
      relativeHumidityMaxPct: day.relativeHumidityMaxPct,
      relativeHumidityMinPct: day.relativeHumidityMinPct,
      solarRadiationMjPerM2Day: day.shortwaveRadiationMjPerM2,
    }).et0Mm;
  };
  const et0s = days.map(et0Of);
  const known = et0s.filter((value) => value !== null);
  if (known.length === 0 && days.length > 0)
    throw new Error('No evapotranspiration figure for any day of the season: the water balance cannot be run.');
  const meanEt0 = known.reduce((sum, value) => sum + value, 0) / Math.max(known.length, 1);
  const gaugeDates = new Set(recorded.rainReadings.map((reading) => reading.date));
  const inputs = days.map((day, i) => {
    if (et0s[i] === null) gaps.push(`${day.date}: no ET₀ and no temperatures; taken as the season's mean`);
    if (day.precipitationMm === null && !gaugeDates.has(day.date)) gaps.push(`${day.date}: no rain figure; taken as dry`);
    return { date: day.date, et0Mm: et0s[i] ?? meanEt0, rainMm: day.precipitationMm ?? 0 };
  });
  return { days: withRecordedWater(inputs, recorded), gaps };
}

/** A field's root-zone water balance over its season so far, with what had to be filled or assumed to run it. */
export interface SeasonWaterBalance extends RootZoneWaterBalance {
  /** Days whose weather had a gap, and how it was filled. */
  gaps: string[];
  /** What the balance assumed about water it has no record of. */
  assumptions: string[];
}

/**
 * The field's FAO-56 root-zone water balance from planting to yesterday: the one place the season's water is turned
 * into the balance every analysis reads (irrigation advice, the yield's water stress, fertilizer's waterlogging), so
 * water recorded on the field (irrigation given, a rain gauge) joins the weather here, once, for all of them, and the
 * balance says what it assumed about that water. Null without a planting date or before planting.
 */
export function seasonWaterBalance(
  crop: CropType,
  field: { plantingDate: string | null; soilTexture: string | null; latitude: number },
  weather: SeasonWeather,
  today: string,
): SeasonWaterBalance | null {
  if (!field.plantingDate || field.plantingDate > today) return null;
  const past = waterInputs(weather.past, field.latitude, weather.recorded);
  const balance = simulateRootZoneWaterBalance({
    crop,
    plantingDate: field.plantingDate,
    soilTexture: field.soilTexture as SoilTextureClass | null,
    days: past.days,
  });
  return { ...balance, gaps: past.gaps, assumptions: recordedWaterAssumptions(past.days, weather.recorded) };
}
