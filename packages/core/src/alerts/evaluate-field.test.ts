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
  weather: { days: weatherDays({ [addDays(TODAY, 2)]: 22 }), dataSource: 'Open-Meteo', simulated: false },
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
    const waterBalance = { days, dataSource: 'FAO-56 water balance on Open-Meteo', simulated: false };
    const rainFed = evaluateFieldAlerts({ ...base, weather: null, waterBalance });
    expect(rainFed.alerts.map((alert) => [alert.ruleId, alert.severity])).toEqual([['water-stress-depletion', 'critical']]);
    const irrigated = evaluateFieldAlerts({ ...base, weather: null, waterBalance, irrigated: true });
    expect(irrigated.alerts.map((alert) => [alert.ruleId, alert.date])).toEqual([['irrigation-due', TODAY]]);
    // Both rules count as run either way: a field switched to irrigated ends its open stress alert.
    expect(rainFed.evaluatedRules).toEqual(['water-stress-depletion', 'irrigation-due']);
    expect(irrigated.evaluatedRules).toEqual(['irrigation-due', 'water-stress-depletion']);
  });

  it('marks every alert made from simulated data so, and none made from real data', () => {
    const heavy = { ...base, thresholds: { weather: { heavyRainDayMm: 20 } } };
    const real = evaluateFieldAlerts(heavy).alerts;
    expect(real.map((alert) => [alert.ruleId, alert.evidence.simulated])).toEqual([['heavy-rain', false]]);
    const simulated = evaluateFieldAlerts({ ...heavy, weather: { ...heavy.weather!, dataSource: 'demo weather', simulated: true } }).alerts;
    // Whatever the data source is called: the inputs say what was simulated.
    expect(simulated.map((alert) => [alert.ruleId, alert.evidence.simulated])).toEqual([['heavy-rain', true]]);
  });

  it('tells weather on a field with no crop in the ground only when the organisation asks for fallow land', () => {
    const fallow = { ...base, crop: null, plantingDate: null, season: null, thresholds: { weather: { heavyRainDayMm: 20 } } };
    expect(evaluateFieldAlerts(fallow).alerts).toEqual([]);
    // The rules ran: an open alert of the field from before is ended.
    expect(evaluateFieldAlerts(fallow).evaluatedRules).toContain('heavy-rain');
    expect(evaluateFieldAlerts({ ...fallow, weatherOnFallowLand: true }).alerts.map((alert) => alert.ruleId)).toEqual(['heavy-rain']);
  });

  /**
   * 25/15 °C every day from planting, wholly between the base and the cut-off: 20 − 12.57 = 7.43 °D a day, so fall
   * armyworm's 391 °D are passed on the 53rd day (393.8 °D), 22 Jan.
   */
  const warmSeason = {
    days: Array.from({ length: 60 }, (_, index) => ({
      ...weatherDays()[0]!,
      date: addDays('2024-12-01', index),
      temperatureMaxC: 25,
      temperatureMinC: 15,
    })),
    dataSource: 'test',
    simulated: false,
  };

  it('raises no pest alert for a day after the recorded harvest', () => {
    const armyworm = (seasonEnd: string) =>
      evaluateFieldAlerts({ ...base, season: { seasonStart: '2024-12-01', seasonEnd }, weather: warmSeason }).alerts.filter(
        (alert) => alert.ruleId === 'fall-armyworm',
      );
    expect(armyworm('2025-04-19').map((alert) => alert.date)).toEqual(['2025-01-22']);
    expect(armyworm('2025-01-21')).toEqual([]);
  });

  it('tells a pest generation reached since the rules last ran, late, once', () => {
    // Evaluated on 25 Jan, three days after the generation's day; the rules last ran on 19 Jan or on 25 Jan.
    const armyworm = (lastEvaluatedOn: string | null) =>
      evaluateFieldAlerts({ ...base, today: '2025-01-25', weather: warmSeason, lastEvaluatedOn })
        .alerts.filter((alert) => alert.ruleId === 'fall-armyworm')
        .map((alert) => alert.date);
    expect(armyworm('2025-01-19')).toEqual(['2025-01-22']);
    expect(armyworm('2025-01-25')).toEqual([]);
    expect(armyworm(null)).toEqual([]);
  });
});
