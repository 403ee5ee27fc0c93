import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

/** Where a weather number came from: Open-Meteo's models, or the simulated series of demo mode. */
export type WeatherSource = 'open-meteo' | 'simulated';

/** One day at the field (`GET /api/weather/{fieldId}`): °C, mm and % as the keys say. */
export interface FieldWeatherDay {
  date: string;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  precipitationMm: number | null;
  precipitationProbabilityMaxPct: number | null;
  et0FaoMm: number | null;
  source: WeatherSource;
}

/** Conditions now at the field: °C, %, mm, m/s. */
export interface CurrentConditions {
  time: string;
  temperatureC: number | null;
  relativeHumidityPct: number | null;
  precipitationMm: number | null;
  cloudCoverPct: number | null;
  windSpeedMPerS: number | null;
  source: WeatherSource;
}

/** The field's weather: now, today and the next six days, and the 30 days before today, with where it came from. */
export interface FieldWeather {
  fieldId: string;
  source: WeatherSource;
  /** How ET₀ was computed, in words. */
  et0Method: string;
  attribution: string;
  /** Said to the farmer when the numbers are not a fresh forecast: simulated, or the last forecast kept. */
  notice: string | null;
  fetchedAt: string;
  stale: boolean;
  current: CurrentConditions | null;
  forecast: FieldWeatherDay[];
  past: FieldWeatherDay[];
}

/** Current conditions, the 7-day forecast and the last 30 days at a field (`GET /api/weather/{fieldId}`). */
export const fieldWeatherQuery = (fieldId: string) =>
  queryOptions({
    queryKey: ['weather', fieldId, 'field'] as const,
    queryFn: async () => (await api.get<{ data: FieldWeather }>(`/api/weather/${fieldId}`)).data,
    staleTime: 15 * 60_000,
  });
