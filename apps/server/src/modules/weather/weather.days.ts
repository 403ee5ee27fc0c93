import { addDays } from '@murimi/core';
import type { WeatherDay } from '../../integrations/open-meteo/open-meteo-client.ts';
import type { PresentedDay, WeatherDataset, WeatherSourceLabel } from './weather.schemas.ts';

/** The forecast shown: today and six days on (spec: "weather integration with 7-day forecast"). */
export const FORECAST_DAYS = 7;
/** The recent past shown beside it, from the same forecast request (`past_days`). */
export const PAST_DAYS = 30;
/** One day more than shown, so that a forecast fetched before midnight still has seven days after it. */
export const FORECAST_FETCH_DAYS = FORECAST_DAYS + 1;

export function present(day: WeatherDay, source: WeatherSourceLabel, dataset: WeatherDataset): PresentedDay {
  return { ...day, source, dataset };
}

export function datasetOf(source: WeatherSourceLabel, real: WeatherDataset): WeatherDataset {
  return source === 'simulated' ? 'simulated' : real;
}

/** The values every use of a past day needs (water balance, degree days): without them the day is not final. */
export function isCompleteArchiveDay(day: WeatherDay): boolean {
  return day.temperatureMaxC !== null && day.temperatureMinC !== null && day.precipitationMm !== null && day.et0FaoMm !== null;
}

export function emptyDay(date: string): WeatherDay {
  return {
    date,
    temperatureMaxC: null,
    temperatureMinC: null,
    precipitationMm: null,
    precipitationProbabilityMaxPct: null,
    et0FaoMm: null,
    shortwaveRadiationMjPerM2: null,
    windSpeedMaxMPerS: null,
    windSpeedMeanMPerS: null,
    relativeHumidityMaxPct: null,
    relativeHumidityMinPct: null,
    relativeHumidityMeanPct: null,
    dewPointMeanC: null,
  };
}

/** The calendar date at a place with this UTC offset. */
export function localToday(now: Date, utcOffsetSeconds: number): string {
  return new Date(now.getTime() + utcOffsetSeconds * 1000).toISOString().slice(0, 10);
}

export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}
