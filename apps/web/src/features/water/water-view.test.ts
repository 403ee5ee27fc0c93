import type { IrrigationAdviceResult } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { adviceInputs, adviceNotes, defaultDepthText, depletionSeries, forecastBars } from './water-view.ts';
import type { FieldWeatherDay } from './weather-api.ts';

type Day = IrrigationAdviceResult['waterBalance']['lastDays'][number];

const day = (date: string, depletion: number, extra: Partial<Day> = {}): Day => ({
  date,
  seasonDay: 40,
  stage: 'development',
  kc: 0.8,
  kcb: null,
  et0Mm: 5,
  rainMm: 0,
  rainIgnoredMm: 0,
  runoffMm: 0,
  infiltratedRainMm: 0,
  irrigationMm: 0,
  rootDepthM: 0.6,
  totalAvailableWaterMm: 84,
  readilyAvailableWaterMm: 46.2,
  depletionFraction: 0.55,
  ks: 1,
  etcMm: 4,
  etcAdjMm: 4,
  deepPercolationMm: 0,
  rootZoneDepletionMm: depletion,
  ...extra,
});

function result(advice: Partial<Extract<IrrigationAdviceResult['advice'], { kind: 'irrigation-schedule' }>> = {}): IrrigationAdviceResult {
  return {
    advice: {
      kind: 'irrigation-schedule',
      status: 'irrigate',
      irrigationDate: '2026-01-12',
      daysUntilIrrigation: 2,
      depthMm: 38.46,
      depletionAtIrrigationMm: 47.1,
      readilyAvailableWaterMm: 46.2,
      applicationsToRefill: 1,
      rainExpectedMm: 3.2,
      reasons: [],
      projection: [day('2026-01-10', 41.04), day('2026-01-11', 44.5, { totalAvailableWaterMm: 86, readilyAvailableWaterMm: 47.3 })],
      ...advice,
    },
    waterBalance: {
      rootZoneDepletionMm: 37.0,
      totalAvailableWaterMm: 84,
      readilyAvailableWaterMm: 46.2,
      soil: {
        texture: 'loam',
        textureAssumed: true,
        table19Row: {
          name: 'Loam',
          fieldCapacityM3PerM3: [0.25, 0.35],
          wiltingPointM3PerM3: [0.1, 0.17],
          availableWaterM3PerM3: [0.13, 0.18],
        },
        rowSubstituted: false,
        fieldCapacityM3PerM3: 0.3,
        wiltingPointM3PerM3: 0.14,
        availableWaterM3PerM3: 0.16,
        notes: [],
      },
      // The last past day is repeated by the projection's first day, which wins.
      lastDays: [day('2026-01-08', 30, { irrigationMm: 25 }), day('2026-01-09', 37, { rainMm: 4 }), day('2026-01-10', 99)],
      assumptions: [],
    },
    weather: { simulated: true, stale: false, gaps: [] },
  };
}

describe('depletionSeries', () => {
  it('joins the last days of a result without the season and the forecast by date, the forecast winning a repeated day, with RAW and TAW per day', () => {
    const series = depletionSeries(result());
    expect(series.dates).toEqual(['2026-01-08', '2026-01-09', '2026-01-10', '2026-01-11']);
    expect(series.depletion).toEqual([30, 37, 41, 44.5]);
    expect(series.readilyAvailable).toEqual([46.2, 46.2, 46.2, 47.3]);
    expect(series.totalAvailable).toEqual([84, 84, 84, 86]);
    expect(series.irrigation).toEqual([25, 0, 0, 0]);
    expect(series.rain).toEqual([0, 4, 0, 0]);
    expect(series.wetDates).toEqual(['2026-01-08', '2026-01-09']);
    expect(series.firstForecastDate).toBe('2026-01-10');
  });

  it('draws the whole season since planting when the result keeps it, then the forecast', () => {
    const base = result();
    const withSeason: IrrigationAdviceResult = {
      ...base,
      waterBalance: {
        ...base.waterBalance,
        season: {
          dates: ['2025-11-20', '2025-11-21', '2026-01-08', '2026-01-09', '2026-01-10'],
          depletionMm: [2.1, 5.6, 30, 37, 99],
          readilyAvailableWaterMm: [20, 20.4, 46.2, 46.2, 46.2],
          totalAvailableWaterMm: [36.4, 37.1, 84, 84, 84],
          rainMm: [12, 0, 0, 4, 0],
          irrigationMm: [0, 20, 25, 0, 0],
          etcAdjMm: [1.2, 1.3, 4, 4, 4],
          ks: [1, 1, 1, 1, 1],
        },
      },
    };
    const series = depletionSeries(withSeason);
    expect(series.dates).toEqual(['2025-11-20', '2025-11-21', '2026-01-08', '2026-01-09', '2026-01-10', '2026-01-11']);
    // The projection still wins the day it repeats (10 Jan).
    expect(series.depletion).toEqual([2.1, 5.6, 30, 37, 41, 44.5]);
    expect(series.readilyAvailable).toEqual([20, 20.4, 46.2, 46.2, 46.2, 47.3]);
    expect(series.totalAvailable).toEqual([36.4, 37.1, 84, 84, 84, 86]);
    expect(series.irrigation).toEqual([0, 20, 25, 0, 0, 0]);
    expect(series.rain).toEqual([12, 0, 0, 4, 0, 0]);
    expect(series.wetDates).toEqual(['2025-11-20', '2025-11-21', '2026-01-08', '2026-01-09']);
    expect(series.firstForecastDate).toBe('2026-01-10');
  });

  it('leaves a gap, not a zero, where a season column lacks a day', () => {
    const base = result({ projection: [] });
    const season = { dates: ['2026-01-08', '2026-01-09'], depletionMm: [30], readilyAvailableWaterMm: [46.2, 46.2] };
    const columns = { totalAvailableWaterMm: [84, 84], rainMm: [0, 0], irrigationMm: [0, 0], etcAdjMm: [4, 4], ks: [1, 1] };
    const series = depletionSeries({ ...base, waterBalance: { ...base.waterBalance, season: { ...season, ...columns } } });
    expect(series.depletion).toEqual([30, null]);
  });

  it('has no forecast start when the advice projects nothing', () => {
    expect(depletionSeries(result({ projection: [] })).firstForecastDate).toBeNull();
  });
});

describe('defaultDepthText', () => {
  it('starts the log form at the advised depth, one decimal', () => {
    expect(defaultDepthText(result())).toBe('38.5');
  });
  it('leaves it blank when no depth is advised, or for a rain-fed report', () => {
    expect(defaultDepthText(result({ status: 'not-needed', depthMm: null }))).toBe('');
    expect(defaultDepthText(null)).toBe('');
  });
});

describe('adviceInputs', () => {
  it('lists what the schedule was worked out from, with units', () => {
    const items = adviceInputs(result());
    expect(items.map((item) => item.key)).toEqual([
      'depletionNow',
      'readilyAvailable',
      'totalAvailable',
      'depletionAtIrrigation',
      'rainExpected',
      'depth',
      'soil',
    ]);
    expect(items.find((item) => item.key === 'depth')).toEqual({ key: 'depth', value: 38.5, unit: 'mm' });
  });

  it('gives a rain-fed field its stress factor and stress days instead of a depth', () => {
    const base = result();
    const report: IrrigationAdviceResult = {
      ...base,
      advice: {
        kind: 'water-stress-report',
        ksToday: 0.8123,
        stressedToday: true,
        daysUntilStress: 0,
        expectedStressDays: 5,
        forecastDays: 7,
        cropGrowing: true,
        reasons: [],
        projection: [],
      },
    };
    const items = adviceInputs(report);
    expect(items.map((item) => item.key)).not.toContain('depth');
    expect(items).toContainEqual({ key: 'ksToday', value: 0.81, unit: '' });
    expect(items).toContainEqual({ key: 'stressDays', value: 5, unit: 'days' });
  });
});

describe('forecastBars', () => {
  const weatherDay = (date: string, rain: number | null, et0: number | null): FieldWeatherDay => ({
    date,
    temperatureMaxC: 30,
    temperatureMinC: 15,
    precipitationMm: rain,
    precipitationProbabilityMaxPct: 40,
    et0FaoMm: et0,
    source: 'simulated',
  });

  it('draws rain and ET₀ on one mm scale set by the wettest or thirstiest day', () => {
    const { scaleMm, bars } = forecastBars([weatherDay('2026-01-10', 20, 5), weatherDay('2026-01-11', 0, 6)]);
    expect(scaleMm).toBe(20);
    expect(bars.map((bar) => [bar.rainWidthPct, bar.et0WidthPct])).toEqual([
      [100, 25],
      [0, 30],
    ]);
  });

  it('keeps a scale of at least 10 mm and draws a missing number as no bar', () => {
    const { scaleMm, bars } = forecastBars([weatherDay('2026-01-10', 1, null)]);
    expect(scaleMm).toBe(10);
    expect(bars[0]).toMatchObject({ rainWidthPct: 10, et0WidthPct: 0, et0Mm: null });
  });
});

describe('adviceNotes', () => {
  it('says each reason and assumption once, leaving out what the sentence already says', () => {
    const base = result({
      reasons: [
        { code: 'irrigate-when-readily-available-water-used', message: 'Irrigation is due in 2 days.' },
        { code: 'soil-assumption', message: 'The soil texture was assumed to be loam.' },
      ],
    });
    const withAssumptions: IrrigationAdviceResult = {
      ...base,
      waterBalance: { ...base.waterBalance, assumptions: ['The soil texture was assumed to be loam.', 'No irrigation is recorded.'] },
      weather: { ...base.weather, gaps: ['ET₀ of 3 Jan was filled.'] },
    };
    expect(adviceNotes(withAssumptions, 'Irrigation is due in 2 days. (Simulated weather.)')).toEqual([
      'The soil texture was assumed to be loam.',
      'No irrigation is recorded.',
      'ET₀ of 3 Jan was filled.',
    ]);
  });
});
