import { z } from 'zod';
import type {
  CurrentWeather,
  OpenMeteoForecast,
  WeatherDay,
  WeatherHour,
  WeatherPoint,
} from '../../integrations/open-meteo/open-meteo-client.ts';

/**
 * The weather API's shapes. The same schemas check what the cache gives back (a row written by an older version
 * that no longer fits is fetched again rather than served) and what the routes send.
 */

const value = z.number().nullable();

export const weatherDaySchema = z.object({
  date: z.string(),
  temperatureMaxC: value,
  temperatureMinC: value,
  precipitationMm: value,
  precipitationProbabilityMaxPct: value,
  et0FaoMm: value,
  shortwaveRadiationMjPerM2: value,
  windSpeedMaxMPerS: value,
  windSpeedMeanMPerS: value,
  relativeHumidityMaxPct: value,
  relativeHumidityMinPct: value,
  relativeHumidityMeanPct: value,
  dewPointMeanC: value,
}) satisfies z.ZodType<WeatherDay>;

export const weatherHourSchema = z.object({
  time: z.string(),
  temperatureC: value,
  relativeHumidityPct: value,
  dewPointC: value,
  precipitationMm: value,
  windSpeedMPerS: value,
}) satisfies z.ZodType<WeatherHour>;

export const currentWeatherSchema = z.object({
  time: z.string(),
  temperatureC: value,
  relativeHumidityPct: value,
  dewPointC: value,
  precipitationMm: value,
  cloudCoverPct: value,
  windSpeedMPerS: value,
  windDirectionDeg: value,
  weatherCode: value,
}) satisfies z.ZodType<CurrentWeather>;

export const weatherPointSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  elevationM: z.number().nullable(),
  timezone: z.string(),
  utcOffsetSeconds: z.number(),
}) satisfies z.ZodType<WeatherPoint>;

export const cachedForecastSchema = z.object({
  point: weatherPointSchema,
  current: currentWeatherSchema.nullable(),
  days: z.array(weatherDaySchema),
  hours: z.array(weatherHourSchema),
}) satisfies z.ZodType<OpenMeteoForecast>;

/** Where numbers came from: Open-Meteo, or the simulated series of demo mode (never mixed in one answer). */
export const weatherSourceSchema = z.enum(['open-meteo', 'simulated']);
export type WeatherSourceLabel = z.infer<typeof weatherSourceSchema>;

/** Which series a day is from: the forecast API (its past days are the models' own analysis), the ERA5 archive, or simulated. */
export const weatherDatasetSchema = z.enum(['forecast', 'archive', 'simulated']);
export type WeatherDataset = z.infer<typeof weatherDatasetSchema>;

export const presentedDaySchema = weatherDaySchema.extend({ source: weatherSourceSchema, dataset: weatherDatasetSchema });
export type PresentedDay = z.infer<typeof presentedDaySchema>;

export const presentedHourSchema = weatherHourSchema.extend({ source: weatherSourceSchema });
export const presentedCurrentSchema = currentWeatherSchema.extend({ source: weatherSourceSchema });

/** Every number's unit, by its key (the keys carry the unit too: `…C`, `…Mm`, `…Pct`, `…MPerS`, `…MjPerM2`). */
export const WEATHER_UNITS = {
  temperatureMaxC: '°C',
  temperatureMinC: '°C',
  precipitationMm: 'mm',
  precipitationProbabilityMaxPct: '%',
  et0FaoMm: 'mm',
  shortwaveRadiationMjPerM2: 'MJ/m²',
  windSpeedMaxMPerS: 'm/s',
  windSpeedMeanMPerS: 'm/s',
  relativeHumidityMaxPct: '%',
  relativeHumidityMinPct: '%',
  relativeHumidityMeanPct: '%',
  dewPointMeanC: '°C',
  temperatureC: '°C',
  relativeHumidityPct: '%',
  dewPointC: '°C',
  cloudCoverPct: '%',
  windSpeedMPerS: 'm/s',
  windDirectionDeg: '° (from north, clockwise)',
  weatherCode: 'WMO weather code',
  elevationM: 'm',
} as const;

const unitsSchema = z.object(
  Object.fromEntries(Object.keys(WEATHER_UNITS).map((key) => [key, z.string()])) as Record<keyof typeof WEATHER_UNITS, z.ZodString>,
);

export const weatherLocationSchema = z.object({
  /** The weather cell's centre: where the weather was asked for (not the field's own centre). */
  latitude: z.number(),
  longitude: z.number(),
  cellSizeDegrees: z.number(),
  elevationM: z.number().nullable(),
  timezone: z.string(),
  utcOffsetSeconds: z.number(),
});

/** What every weather answer says about itself. */
const provenance = {
  fieldId: z.string(),
  source: weatherSourceSchema,
  location: weatherLocationSchema,
  /** How ET₀ was computed. */
  et0Method: z.string(),
  attribution: z.string(),
  /** Said to the farmer when the numbers are not a fresh forecast: simulated, or the last forecast kept. */
  notice: z.string().nullable(),
  units: unitsSchema,
};

const forecastProvenance = {
  ...provenance,
  /** When the forecast was fetched from Open-Meteo (or made, when simulated). */
  fetchedAt: z.string(),
  /** True when Open-Meteo failed and this is the last forecast kept (at most 24 h old). */
  stale: z.boolean(),
};

export const fieldWeatherSchema = z.object({
  ...forecastProvenance,
  current: presentedCurrentSchema.nullable(),
  /** Today and the next six days. */
  forecast: z.array(presentedDaySchema),
  /** The 30 days before today, oldest first. */
  past: z.array(presentedDaySchema),
});

export const currentWeatherAnswerSchema = z.object({ ...forecastProvenance, current: presentedCurrentSchema.nullable() });

export const forecastAnswerSchema = z.object({
  ...forecastProvenance,
  days: z.array(presentedDaySchema),
  /** Only with `hourly=true`: the hours of those days, local time. */
  hours: z.array(presentedHourSchema).optional(),
});

export const historicalAnswerSchema = z.object({
  ...provenance,
  start: z.string(),
  end: z.string(),
  days: z.array(presentedDaySchema),
});
