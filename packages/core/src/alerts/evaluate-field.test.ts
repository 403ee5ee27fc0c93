import { describe, expect, it } from 'vitest';
import { findCropType } from '../crops/crop-catalogue.ts';
import { addDays } from '../dates.ts';
import { evaluateFieldAlerts, type FieldAlertInputs } from './evaluate-field.ts';
import type { AlertWeatherDay } from './weather-alerts.ts';

const TODAY = '2025-01-20';
const weatherDays = (rainOn: Record<string, number> = {}): AlertWeatherDay[] =>
  Array.from({ length: 20 }, (_, index) => {
    const date = addDays(TODAY, index - 12);
    return {
      date,
      temperatureMaxC: 27,
      temperatureMinC: 15,
      precipitationMm: rainOn[date] ?? 4,
      windSpeedMaxMPerS: 4,
      relativeHumidityMaxPct: 80,
      relativeHumidityMinPct: 40,
    };
  });

const base: FieldAlertInputs = {
  fieldId: 'field-1',
  today: TODAY,
  crop: findCropType('maize-grain')!,
  plantingDate: '2024-12-01',
  irrigated: false,
  season: { seasonStart: '2024-12-01', seasonEnd: '2025-04-19' },
  weather: { days: weatherDays({ [addDays(TODAY, 2)]: 22 }), dataSource: 'Open-Meteo' },
  waterBalance: null,
  imagery: null,
};

describe('evaluating every rule of a field', () => {
  it('runs the weather and pest rules only with weather, and says which ran', () => {
    const withWeather = evaluateFieldAlerts(base);
    expect(withWeather.evaluatedRules).toEqual([
      'frost',
      'heat',
      'heavy-rain',
      'dry-spell',
      'strong-wind',
      'fall-armyworm',
      'maize-stalk-borer',
      'grey-leaf-spot',
      'soybean-rust',
    ]);
    expect(evaluateFieldAlerts({ ...base, weather: null })).toEqual({ alerts: [], evaluatedRules: [] });
  });

  it("applies the organisation's thresholds: 22 mm is heavy only where the line is lowered to 20 mm", () => {
    expect(evaluateFieldAlerts(base).alerts.filter((alert) => alert.ruleId === 'heavy-rain')).toEqual([]);
    const lowered = evaluateFieldAlerts({ ...base, thresholds: { weather: { heavyRainDayMm: 20 } } });
    expect(lowered.alerts.filter((alert) => alert.ruleId === 'heavy-rain').map((alert) => alert.date)).toEqual([addDays(TODAY, 2)]);
  });

  it('tells an irrigated field when to water and a rain-fed one that it is short of water, from the same balance', () => {
    const stage = 'mid-season' as const;
    const days = [-2, -1, 0, 1].map((offset) => ({
      date: addDays(TODAY, offset),
      stage,
      rootZoneDepletionMm: 70,
      readilyAvailableWaterMm: 50,
      totalAvailableWaterMm: 100,
      ks: 0.6,
      rainMm: 0,
    }));
    const waterBalance = { days, dataSource: 'FAO-56 water balance on Open-Meteo' };
    const rainFed = evaluateFieldAlerts({ ...base, weather: null, waterBalance });
    expect(rainFed.alerts.map((alert) => [alert.ruleId, alert.severity])).toEqual([['water-stress-depletion', 'critical']]);
    const irrigated = evaluateFieldAlerts({ ...base, weather: null, waterBalance, irrigated: true });
    expect(irrigated.alerts.map((alert) => [alert.ruleId, alert.date])).toEqual([['irrigation-due', TODAY]]);
    // Both rules count as run either way: a field switched to irrigated ends its open stress alert.
    expect(rainFed.evaluatedRules).toEqual(['water-stress-depletion', 'irrigation-due']);
    expect(irrigated.evaluatedRules).toEqual(['irrigation-due', 'water-stress-depletion']);
  });

  it('raises no pest alert for a day after the recorded harvest', () => {
    // 25/15 °C from planting: 7.43 °D a day over 12.57 °C, so fall armyworm's 391 °D are passed on the 53rd day (393.8 °D), 22 Jan, in the forecast.
    const days = Array.from({ length: 60 }, (_, index) => ({
      ...weatherDays()[0]!,
      date: addDays('2024-12-01', index),
      temperatureMaxC: 25,
      temperatureMinC: 15,
    }));
    const armyworm = (seasonEnd: string) =>
      evaluateFieldAlerts({
        ...base,
        season: { seasonStart: '2024-12-01', seasonEnd },
        weather: { days, dataSource: 'test' },
      }).alerts.filter((alert) => alert.ruleId === 'fall-armyworm');
    expect(armyworm('2025-04-19').map((alert) => alert.date)).toEqual(['2025-01-22']);
    expect(armyworm('2025-01-21')).toEqual([]);
  });
});
