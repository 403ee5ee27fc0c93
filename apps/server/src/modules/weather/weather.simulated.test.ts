import { describe, expect, it } from 'vitest';
import { dailyReferenceEt0 } from '@murimi/core';
import type { WeatherDay } from '../../integrations/open-meteo/open-meteo-client.ts';
import { weatherCellOf } from './weather.cells.ts';
import { SIMULATED_ELEVATION_M, simulatedArchive, simulatedDay, simulatedForecast } from './weather.simulated.ts';

const harare = weatherCellOf(-17.83, 31.05);

function season(point: { latitude: number; longitude: number }, from: string, to: string): WeatherDay[] {
  return simulatedArchive(point, from, to).days;
}
const total = (days: WeatherDay[], key: keyof WeatherDay) => days.reduce((sum, d) => sum + (d[key] as number), 0);
const mean = (days: WeatherDay[], key: keyof WeatherDay) => total(days, key) / days.length;

describe('simulated weather', () => {
  it('gives the same day for the same point and date, and another for another point', () => {
    expect(simulatedDay(harare, '2026-01-15')).toEqual(simulatedDay(harare, '2026-01-15'));
    expect(simulatedDay(harare, '2026-01-15')).not.toEqual(simulatedDay(weatherCellOf(-19.5, 29.8), '2026-01-15'));
    expect(simulatedDay(harare, '2026-01-15')).not.toEqual(simulatedDay(harare, '2026-01-16'));
  });

  it('rains from November to March and hardly at all in the dry winter, about as much as Harare gets in a year', () => {
    for (const year of [2023, 2024, 2025]) {
      const rains = season(harare, `${year}-11-01`, `${year + 1}-03-31`);
      const winter = season(harare, `${year + 1}-05-01`, `${year + 1}-09-30`);
      const wholeYear = season(harare, `${year}-07-01`, `${year + 1}-06-30`);
      expect(total(rains, 'precipitationMm')).toBeGreaterThan(450);
      expect(total(winter, 'precipitationMm')).toBeLessThan(60);
      // Harare's normal is about 830 mm a year.
      expect(total(wholeYear, 'precipitationMm')).toBeGreaterThan(550);
      expect(total(wholeYear, 'precipitationMm')).toBeLessThan(1200);
    }
  });

  it('brings rain in spells: a wet day is more often followed by another than days are wet on average', () => {
    const days = season(harare, '2020-12-01', '2025-02-28').filter((d) => ['12', '01', '02'].includes(d.date.slice(5, 7)));
    const wet = days.map((d) => d.precipitationMm! > 0);
    const wetShare = wet.filter(Boolean).length / wet.length;
    const afterWet = wet.slice(1).filter((_, i) => wet[i]);
    expect(afterWet.filter(Boolean).length / afterWet.length).toBeGreaterThan(wetShare + 0.03);
  });

  it('keeps every day physically consistent', () => {
    for (const day of season(harare, '2024-01-01', '2025-12-31')) {
      expect(day.temperatureMinC!).toBeLessThan(day.temperatureMaxC!);
      expect(day.dewPointMeanC!).toBeLessThanOrEqual(day.temperatureMinC!);
      expect(day.relativeHumidityMinPct!).toBeLessThanOrEqual(day.relativeHumidityMeanPct!);
      expect(day.relativeHumidityMeanPct!).toBeLessThanOrEqual(day.relativeHumidityMaxPct!);
      expect(day.relativeHumidityMaxPct!).toBeLessThanOrEqual(100);
      expect(day.windSpeedMeanMPerS!).toBeLessThan(day.windSpeedMaxMPerS!);
      expect(day.shortwaveRadiationMjPerM2!).toBeGreaterThan(5);
      expect(day.shortwaveRadiationMjPerM2!).toBeLessThan(32);
      expect(day.et0FaoMm!).toBeGreaterThan(1);
      expect(day.et0FaoMm!).toBeLessThan(9);
      expect(day.precipitationMm!).toBeGreaterThanOrEqual(0);
    }
  });

  it('has a hot dry October, a cool June and wetter air in the rains', () => {
    const october = season(harare, '2025-10-01', '2025-10-31');
    const june = season(harare, '2025-06-01', '2025-06-30');
    const january = season(harare, '2026-01-01', '2026-01-31');
    expect(mean(october, 'temperatureMaxC')).toBeGreaterThan(mean(june, 'temperatureMaxC') + 3);
    expect(mean(june, 'temperatureMinC')).toBeLessThan(11);
    expect(mean(january, 'relativeHumidityMeanPct')).toBeGreaterThan(mean(october, 'relativeHumidityMeanPct') + 15);
    expect(mean(october, 'et0FaoMm')).toBeGreaterThan(mean(january, 'et0FaoMm'));
  });

  it("computes ET₀ by FAO-56 Penman-Monteith from the day's own simulated weather", () => {
    const day = simulatedDay(harare, '2025-10-20');
    const recomputed = dailyReferenceEt0({
      date: day.date,
      latitudeDeg: harare.latitude,
      elevationM: SIMULATED_ELEVATION_M,
      tempMaxC: day.temperatureMaxC!,
      tempMinC: day.temperatureMinC!,
      dewPointC: day.dewPointMeanC!,
      wind: { speedMPerS: day.windSpeedMeanMPerS!, heightM: 10 },
      solarRadiationMjPerM2Day: day.shortwaveRadiationMjPerM2!,
    });
    expect(recomputed.method).toBe('penman-monteith');
    // From the rounded numbers: within rounding of the unrounded ones.
    expect(Math.abs(recomputed.et0Mm - day.et0FaoMm!)).toBeLessThan(0.1);
  });

  it('shapes a forecast like Open-Meteo: past days, today and on, hours within the day, current conditions', () => {
    const now = new Date('2026-01-20T08:30:00Z');
    const forecast = simulatedForecast(harare, now, { pastDays: 30, forecastDays: 8 });
    expect(forecast.point).toMatchObject({ utcOffsetSeconds: 7200, timezone: 'UTC+02:00', elevationM: SIMULATED_ELEVATION_M });
    expect(forecast.days).toHaveLength(38);
    expect(forecast.days[30]!.date).toBe('2026-01-20');
    expect(forecast.hours).toHaveLength(38 * 24);
    for (const hour of forecast.hours.slice(30 * 24, 31 * 24)) {
      expect(hour.temperatureC!).toBeGreaterThanOrEqual(forecast.days[30]!.temperatureMinC! - 0.05);
      expect(hour.temperatureC!).toBeLessThanOrEqual(forecast.days[30]!.temperatureMaxC! + 0.05);
    }
    expect(forecast.current).toMatchObject({ time: '2026-01-20T10:30', temperatureC: expect.any(Number), weatherCode: expect.any(Number) });
    expect(simulatedForecast(harare, now, { pastDays: 30, forecastDays: 8 })).toEqual(forecast);
  });
});
