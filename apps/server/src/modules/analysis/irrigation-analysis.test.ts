import { addDays, findCropType, irrigationResultSchema, type IrrigationAdviceResult } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import type { PresentedDay } from '../weather/weather.schemas.ts';
import { simulatedDay } from '../weather/weather.simulated.ts';
import { runIrrigationAnalysis } from './irrigation-analysis.ts';
import { seasonWaterBalance, type SeasonWeather } from './season-weather.ts';

const TODAY = '2026-12-20';
const PLANTED = '2026-10-01';
/** 1 Oct to 19 Dec, both counted. */
const DAYS_SINCE_PLANTING = 31 + 30 + 19;
const point = { latitude: -17.8, longitude: 31.05 };
const field = { cropType: 'maize-grain', plantingDate: PLANTED, soilTexture: 'sandy-loam', irrigated: true, latitude: point.latitude };

const daysFrom = (start: string, count: number): PresentedDay[] =>
  Array.from({ length: count }, (_, i) => ({
    ...simulatedDay(point, addDays(start, i)),
    source: 'simulated',
    dataset: 'simulated',
  }));

// An irrigation early in the season, long before the last 14 days.
const weather: SeasonWeather = {
  past: daysFrom(PLANTED, DAYS_SINCE_PLANTING),
  forecast: daysFrom(TODAY, 7),
  simulated: true,
  stale: false,
  recorded: { irrigations: [{ date: '2026-10-20', netDepthMm: 30 }], rainReadings: [] },
};

describe('runIrrigationAnalysis', () => {
  const outcome = runIrrigationAnalysis(field, weather, TODAY);
  const result = irrigationResultSchema.parse(outcome.result) as IrrigationAdviceResult;
  const balanceDays = seasonWaterBalance(findCropType(field.cropType)!, field, weather, TODAY)!.days;

  it('keeps the whole season since planting, one value per day in every column', () => {
    const season = result.waterBalance.season!;
    expect(season.dates).toHaveLength(DAYS_SINCE_PLANTING);
    expect(season.dates[0]).toBe(PLANTED);
    expect(season.dates.at(-1)).toBe(addDays(TODAY, -1));
    for (const column of Object.values(season)) expect(column).toHaveLength(DAYS_SINCE_PLANTING);
    // The last 14 days stay as they were, whole rows.
    expect(result.waterBalance.lastDays.map((day) => day.date)).toEqual(season.dates.slice(-14));
  });

  it('holds the balance’s own figures: depths to one decimal, Ks to two', () => {
    const season = result.waterBalance.season!;
    expect(balanceDays).toHaveLength(DAYS_SINCE_PLANTING);
    balanceDays.forEach((day, i) => {
      expect(season.dates[i]).toBe(day.date);
      expect(season.depletionMm[i]).toBe(Number(day.rootZoneDepletionMm.toFixed(1)));
      expect(season.readilyAvailableWaterMm[i]).toBe(Number(day.readilyAvailableWaterMm.toFixed(1)));
      expect(season.totalAvailableWaterMm[i]).toBe(Number(day.totalAvailableWaterMm.toFixed(1)));
      expect(season.rainMm[i]).toBe(Number(day.rainMm.toFixed(1)));
      expect(season.irrigationMm[i]).toBe(Number(day.irrigationMm.toFixed(1)));
      expect(season.etcAdjMm[i]).toBe(Number(day.etcAdjMm.toFixed(1)));
      expect(season.ks[i]).toBe(Number(day.ks.toFixed(3)));
    });
    // The early irrigation is in the season, though not in the last 14 days.
    expect(season.irrigationMm[season.dates.indexOf('2026-10-20')]).toBe(30);
    expect(result.waterBalance.lastDays.some((day) => day.irrigationMm > 0)).toBe(false);
  });

  it('still reads a stored result kept before the season was', () => {
    const { season: _season, ...older } = result.waterBalance;
    const parsed = irrigationResultSchema.parse({ ...result, waterBalance: older }) as IrrigationAdviceResult;
    expect(parsed.waterBalance.season).toBeUndefined();
    expect(parsed.waterBalance.lastDays).toHaveLength(14);
  });
});
