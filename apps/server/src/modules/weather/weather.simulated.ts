import {
  addDays,
  clearSkySolarRadiationMjPerM2Day,
  dailyReferenceEt0,
  dayOfYearOfDate,
  extraterrestrialRadiationMjPerM2Day,
  saturationVapourPressureKpa,
} from '@murimi/core';
import type {
  CurrentWeather,
  OpenMeteoArchive,
  OpenMeteoForecast,
  WeatherDay,
  WeatherHour,
  WeatherPoint,
} from '../../integrations/open-meteo/open-meteo-client.ts';

/**
 * Simulated weather for demo mode and machines without internet: a deterministic series for a point and a day
 * (the same point and day always give the same numbers), shaped on the climate of southern Africa's highveld
 * (Harare-like): rains from November to March in wet and dry spells, hot dry October, cool dry winter. It is
 * not a forecast and not a measurement; every answer built from it says `source: 'simulated'`.
 *
 * Radiation is a share of FAO-56's clear-sky radiation (Eqs. 21, 37) for the latitude and day; humidity follows
 * from a dew point under the night minimum; ET₀ is computed from these by FAO-56 Penman-Monteith (core's
 * `dailyReferenceEt0`), so the simulated water balance is consistent with the simulated weather.
 */

/** The simulation does not know the ground: it assumes a plateau of 1,000 m (pressure for ET₀, clear-sky radiation). */
export const SIMULATED_ELEVATION_M = 1000;

/** Southern-hemisphere months Jan…Dec (Harare climate normals, rounded): share of days with rain, Tmax, Tmin, dew-point depression below Tmin. */
const wetDayShare = [0.5, 0.45, 0.33, 0.13, 0.03, 0.01, 0.01, 0.01, 0.03, 0.1, 0.3, 0.47];
const tempMaxNormalC = [26, 26, 26, 25, 23, 21, 21, 23, 27, 28, 27, 26];
const tempMinNormalC = [16, 16, 14, 12, 9, 7, 7, 8, 11, 14, 15, 16];
const dewDepressionC = [1, 1, 2, 3, 5, 6, 7, 8, 9, 8, 4, 1.5];
const windMeanNormalMPerS = [2.6, 2.5, 2.6, 2.8, 2.9, 3.0, 3.2, 3.6, 3.9, 3.8, 3.2, 2.8];
/** Mean rain on a wet day of the rains, mm: Harare's ~190 mm over ~16 wet days in January; dry-season showers are light. */
const wetDayMeanRainMm = (wetDayShareOfSeason: number) => 4 + 8 * Math.min(1, wetDayShareOfSeason / 0.3);

/** A point to simulate: the weather cell's centre. */
export interface SimulatedPoint {
  latitude: number;
  longitude: number;
}

/** Whole hours from the longitude: the simulation has no time-zone database, and southern Africa is UTC+2 at 30° E. */
export function simulatedUtcOffsetSeconds(longitude: number): number {
  return Math.round(longitude / 15) * 3600;
}

export function simulatedWeatherPoint(point: SimulatedPoint): WeatherPoint {
  const offsetSeconds = simulatedUtcOffsetSeconds(point.longitude);
  const hours = offsetSeconds / 3600;
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    elevationM: SIMULATED_ELEVATION_M,
    timezone: hours === 0 ? 'UTC' : `UTC${hours > 0 ? '+' : '−'}${String(Math.abs(hours)).padStart(2, '0')}:00`,
    utcOffsetSeconds: offsetSeconds,
  };
}

/** The simulated day at a point, every number rounded as Open-Meteo rounds its own. */
export function simulatedDay(point: SimulatedPoint, date: string): WeatherDay {
  const drivers = dayDrivers(point, date);
  const { tempMaxC, tempMinC, dewPointC, rainMm, rainChance, windMeanMPerS, windMaxMPerS, solarRadiationMjPerM2 } = drivers;
  const rhMaxPct = Math.min(100, (100 * saturationVapourPressureKpa(dewPointC)) / saturationVapourPressureKpa(tempMinC));
  const rhMinPct = (100 * saturationVapourPressureKpa(dewPointC)) / saturationVapourPressureKpa(tempMaxC);
  const et0 = dailyReferenceEt0({
    date,
    latitudeDeg: point.latitude,
    elevationM: SIMULATED_ELEVATION_M,
    tempMaxC,
    tempMinC,
    dewPointC,
    wind: { speedMPerS: windMeanMPerS, heightM: 10 },
    solarRadiationMjPerM2Day: solarRadiationMjPerM2,
  });
  return {
    date,
    temperatureMaxC: round(tempMaxC, 1),
    temperatureMinC: round(tempMinC, 1),
    precipitationMm: round(rainMm, 1),
    precipitationProbabilityMaxPct: Math.round(100 * rainChance),
    et0FaoMm: round(et0.et0Mm, 2),
    shortwaveRadiationMjPerM2: round(solarRadiationMjPerM2, 2),
    windSpeedMaxMPerS: round(windMaxMPerS, 1),
    windSpeedMeanMPerS: round(windMeanMPerS, 1),
    relativeHumidityMaxPct: Math.round(rhMaxPct),
    relativeHumidityMinPct: Math.round(rhMinPct),
    relativeHumidityMeanPct: Math.round((rhMaxPct + rhMinPct) / 2),
    dewPointMeanC: round(dewPointC, 1),
  };
}

/** Simulated days from `startDate` to `endDate` (inclusive), shaped like an archive answer. */
export function simulatedArchive(point: SimulatedPoint, startDate: string, endDate: string): OpenMeteoArchive {
  const days: WeatherDay[] = [];
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) days.push(simulatedDay(point, date));
  // The archive has no precipitation probability; neither does its simulation.
  return { point: simulatedWeatherPoint(point), days: days.map((day) => ({ ...day, precipitationProbabilityMaxPct: null })) };
}

/**
 * A simulated forecast answer: `pastDays` before the point's today through `forecastDays` from today, hourly
 * values over the same days, and current conditions at `now` — the same shape as Open-Meteo's.
 */
export function simulatedForecast(point: SimulatedPoint, now: Date, span: { pastDays: number; forecastDays: number }): OpenMeteoForecast {
  const weatherPoint = simulatedWeatherPoint(point);
  const localNow = new Date(now.getTime() + weatherPoint.utcOffsetSeconds * 1000);
  const today = localNow.toISOString().slice(0, 10);
  const days: WeatherDay[] = [];
  for (let offset = -span.pastDays; offset < span.forecastDays; offset++) days.push(simulatedDay(point, addDays(today, offset)));
  const hours = days.flatMap((day) => Array.from({ length: 24 }, (_, hour) => simulatedHour(point, day, hour)));
  const quarterHour = new Date(Math.floor(localNow.getTime() / 900_000) * 900_000).toISOString().slice(0, 16);
  return {
    point: weatherPoint,
    current: simulatedCurrent(point, days[span.pastDays] ?? simulatedDay(point, today), quarterHour),
    days,
    hours,
  };
}

/**
 * Diurnal shape of a day: temperature a sine from the minimum near sunrise (06:00) to the maximum at 15:00;
 * relative humidity from the same vapour pressure all day; a wet day's rain in the afternoon storm hours.
 */
function simulatedHour(point: SimulatedPoint, day: WeatherDay, hour: number, minute = 0): WeatherHour {
  const tMax = day.temperatureMaxC!;
  const tMin = day.temperatureMinC!;
  const dewPointC = day.dewPointMeanC!;
  const clock = hour + minute / 60;
  const warmth =
    clock >= 6 && clock <= 15
      ? (1 - Math.cos((Math.PI * (clock - 6)) / 9)) / 2
      : (1 + Math.cos((Math.PI * ((clock + 24 - 15) % 24)) / 15)) / 2;
  const temperatureC = tMin + (tMax - tMin) * warmth;
  const rhPct = Math.min(
    100,
    (100 * saturationVapourPressureKpa(Math.min(dewPointC, temperatureC))) / saturationVapourPressureKpa(temperatureC),
  );
  const stormHours = [14, 15, 16, 17];
  const rainMm = stormHours.includes(hour) ? (day.precipitationMm ?? 0) / stormHours.length : 0;
  const gust = noise(point, day.date, `wind-hour-${hour}`);
  return {
    time: `${day.date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    temperatureC: round(temperatureC, 1),
    relativeHumidityPct: Math.round(rhPct),
    dewPointC: round(Math.min(dewPointC, temperatureC), 1),
    precipitationMm: round(rainMm, 1),
    windSpeedMPerS: round((day.windSpeedMeanMPerS ?? 2) * (0.6 + 0.5 * warmth + 0.3 * gust), 1),
  };
}

function simulatedCurrent(point: SimulatedPoint, day: WeatherDay, localTime: string): CurrentWeather {
  const hour = simulatedHour(point, day, Number(localTime.slice(11, 13)), Number(localTime.slice(14, 16)));
  const raining = (hour.precipitationMm ?? 0) > 0;
  const cloudCoverPct = raining ? 95 : Math.round(100 * (1 - (day.shortwaveRadiationMjPerM2 ?? 0) / clearSky(point, day.date)));
  return {
    time: localTime,
    temperatureC: hour.temperatureC,
    relativeHumidityPct: hour.relativeHumidityPct,
    dewPointC: hour.dewPointC,
    precipitationMm: hour.precipitationMm,
    cloudCoverPct: Math.max(0, Math.min(100, cloudCoverPct)),
    windSpeedMPerS: hour.windSpeedMPerS,
    windDirectionDeg: Math.round(360 * noise(point, localTime, 'wind-direction')),
    // WMO codes: 61 rain, 3 overcast, 2 partly cloudy, 0 clear.
    weatherCode: raining ? 61 : cloudCoverPct > 70 ? 3 : cloudCoverPct > 30 ? 2 : 0,
  };
}

interface DayDrivers {
  tempMaxC: number;
  tempMinC: number;
  dewPointC: number;
  rainMm: number;
  rainChance: number;
  windMeanMPerS: number;
  windMaxMPerS: number;
  solarRadiationMjPerM2: number;
}

/** The day's weather before rounding: climate normal of the season, a spell that lasts days, and the day's own draw. */
function dayDrivers(point: SimulatedPoint, date: string): DayDrivers {
  const season = seasonalNormals(point.latitude, date);
  const dayNumber = Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  // Spells: smooth noise with a knot every 5 days, so wet and dry days come in runs as they do.
  const wetSpell = smoothNoise(point, 'wet-spell', dayNumber, 5);
  const warmSpell = smoothNoise(point, 'warm-spell', dayNumber, 7);
  const rainChance = Math.min(0.95, season.wetDayShare * (0.3 + 1.4 * wetSpell));
  const wet = noise(point, date, 'wet') < rainChance;
  // Rain on a wet day: exponential around the mean, a few storms over 40 mm in a season, capped at 120 mm.
  const rainMm = wet
    ? Math.min(120, 0.2 + -Math.log(1 - 0.98 * noise(point, date, 'rain-amount')) * wetDayMeanRainMm(season.wetDayShare))
    : 0;

  const warmth = 2.5 * (2 * warmSpell - 1) + (noise(point, date, 'tmax') - 0.5) * 2;
  const tempMaxC = season.tempMaxC + warmth - (wet ? 3 : 0);
  // Clouds of a wet night keep the minimum up.
  const tempMinC = Math.min(tempMaxC - 5, season.tempMinC + 0.6 * warmth + (wet ? 1 : 0) + (noise(point, date, 'tmin') - 0.5) * 2);
  const dewPointC = tempMinC - (wet ? 0.5 : season.dewDepressionC * (0.7 + 0.6 * noise(point, date, 'dew')));

  const cloudiness = wet ? 0.4 + 0.25 * noise(point, date, 'cloud') : 0.75 + 0.2 * noise(point, date, 'cloud');
  const solarRadiationMjPerM2 = cloudiness * clearSky(point, date);

  const windMeanMPerS = Math.max(0.5, season.windMeanMPerS * (0.7 + 0.6 * noise(point, date, 'wind')));
  const windMaxMPerS = windMeanMPerS * (1.5 + 0.5 * noise(point, date, 'gust')) + (wet ? 2 : 0);
  return { tempMaxC, tempMinC, dewPointC, rainMm, rainChance, windMeanMPerS, windMaxMPerS, solarRadiationMjPerM2 };
}

/** Clear-sky radiation Rso for the point and day, MJ/m² (FAO-56 Eqs. 21 and 37). */
function clearSky(point: SimulatedPoint, date: string): number {
  return clearSkySolarRadiationMjPerM2Day(
    extraterrestrialRadiationMjPerM2Day(point.latitude, dayOfYearOfDate(date)),
    SIMULATED_ELEVATION_M,
  );
}

/**
 * The season's normals on a date, interpolated between mid-months. North of the equator the year is shifted by
 * six months; toward the equator it is warmer (0.25 °C per degree from Harare's 17.8° S, a crude lapse of latitude).
 */
function seasonalNormals(latitude: number, date: string) {
  const dayOfYear = dayOfYearOfDate(date);
  const shifted = latitude >= 0 ? (dayOfYear + 182) % 365 : dayOfYear;
  const monthPosition = (shifted - 15.2) / 30.44; // 0 at mid-January
  const lower = Math.floor(monthPosition);
  const fraction = monthPosition - lower;
  const at = (table: number[]) => {
    const a = table[(lower + 12) % 12]!;
    const b = table[(lower + 13) % 12]!;
    return a + (b - a) * fraction;
  };
  const latitudeWarmthC = (17.8 - Math.abs(latitude)) * 0.25;
  return {
    wetDayShare: at(wetDayShare),
    tempMaxC: at(tempMaxNormalC) + latitudeWarmthC,
    tempMinC: at(tempMinNormalC) + latitudeWarmthC,
    dewDepressionC: at(dewDepressionC),
    windMeanMPerS: at(windMeanNormalMPerS),
  };
}

/** A number in [0, 1) fixed by the point, a key and a label (FNV-1a); the same inputs always give the same number. */
function noise(point: SimulatedPoint, key: string | number, label: string): number {
  let hash = 2166136261;
  for (const char of `${point.latitude.toFixed(3)}|${point.longitude.toFixed(3)}|${key}|${label}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  }
  hash = Math.imul(hash ^ (hash >>> 15), 2246822507);
  hash = Math.imul(hash ^ (hash >>> 13), 3266489909);
  return ((hash ^ (hash >>> 16)) >>> 0) / 4294967296;
}

/** Noise that changes smoothly from day to day: random values at every `periodDays`-th day, cosine-interpolated between. */
function smoothNoise(point: SimulatedPoint, label: string, dayNumber: number, periodDays: number): number {
  const knot = Math.floor(dayNumber / periodDays);
  const fraction = dayNumber / periodDays - knot;
  const a = noise(point, knot, label);
  const b = noise(point, knot + 1, label);
  const weight = (1 - Math.cos(Math.PI * fraction)) / 2;
  return a + (b - a) * weight;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
