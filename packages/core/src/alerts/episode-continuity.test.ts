import { describe, expect, it } from 'vitest';
import { addDays } from '../dates.ts';
import type { Alert } from './alert.ts';
import { continueEpisodes, isEscalation, type StoredEpisode } from './episode-continuity.ts';
import { fallArmywormAlerts } from './pest-alerts.ts';
import { weatherAlerts, type AlertWeatherDay } from './weather-alerts.ts';
import { findCropType } from '../crops/crop-catalogue.ts';

const FIELD = 'field-1';
const TODAY = '2025-06-10';

/** Ten mild days from `TODAY`, with the minimum temperatures given. */
function forecast(minTemperatureC: Record<string, number>): AlertWeatherDay[] {
  return Array.from({ length: 10 }, (_, index) => {
    const date = addDays(TODAY, index);
    return {
      date,
      temperatureMaxC: 24,
      temperatureMinC: minTemperatureC[date] ?? 10,
      precipitationMm: 0,
      windSpeedMaxMPerS: 3,
      relativeHumidityMaxPct: 70,
      relativeHumidityMinPct: 35,
    };
  });
}

const frostOf = (days: AlertWeatherDay[]): Alert[] =>
  weatherAlerts({
    fieldId: FIELD,
    today: TODAY,
    days,
    dataSource: 'test forecast',
    season: { seasonStart: '2025-05-01', seasonEnd: null },
  }).filter((alert) => alert.ruleId === 'frost');

const stored = (alert: Alert): StoredEpisode => ({
  fieldId: alert.fieldId,
  ruleId: alert.ruleId,
  episodeKey: alert.episodeKey,
  dates: alert.evidence.dates,
  date: alert.date,
});

describe('an episode the forecast moves keeps its alert', () => {
  const first = frostOf(forecast({ '2025-06-15': 1 }));

  it('a cold night brought forward a day (and longer) continues the stored alert', () => {
    const next = frostOf(forecast({ '2025-06-14': 1.5, '2025-06-15': 0.5 }));
    expect(next.map((alert) => alert.episodeKey)).toEqual(['frost:field-1:2025-06-14']);
    const continued = continueEpisodes(next, first.map(stored));
    expect(continued.map((alert) => alert.episodeKey)).toEqual(['frost:field-1:2025-06-15']);
    // Only the key changes: the figures are the new forecast's, and this one is worse.
    expect(continued[0]).toMatchObject({ date: '2025-06-14', severity: 'warning', params: { minTemperatureC: 0.5 } });
  });

  it('a cold night put back by two days (one clear day between) is still the same one', () => {
    const next = frostOf(forecast({ '2025-06-17': 1 }));
    expect(continueEpisodes(next, first.map(stored)).map((alert) => alert.episodeKey)).toEqual(['frost:field-1:2025-06-15']);
  });

  it('a cold night three days away from the stored one is a new episode', () => {
    const next = frostOf(forecast({ '2025-06-18': 1 }));
    expect(continueEpisodes(next, first.map(stored)).map((alert) => alert.episodeKey)).toEqual(['frost:field-1:2025-06-18']);
  });

  it('two cold spells continue one stored alert between them at most, the closer one', () => {
    const storedAt16 = frostOf(forecast({ '2025-06-16': 1 })).map(stored);
    const next = frostOf(forecast({ '2025-06-11': 1, '2025-06-17': 1 }));
    expect(continueEpisodes(next, storedAt16).map((alert) => alert.episodeKey)).toEqual([
      'frost:field-1:2025-06-11',
      'frost:field-1:2025-06-16',
    ]);
  });

  it('a stored alert found again under its own key is kept for it, not given to a neighbour', () => {
    const both = frostOf(forecast({ '2025-06-12': 1, '2025-06-14': 1 }));
    expect(both.map((alert) => alert.episodeKey)).toEqual(['frost:field-1:2025-06-12', 'frost:field-1:2025-06-14']);
    const next = frostOf(forecast({ '2025-06-13': 1, '2025-06-14': 1, '2025-06-15': 1 }));
    // The run 13–15 would continue 12's alert, and 14's is its own key's: it stays 14's, and 12's is left alone.
    expect(continueEpisodes(next, [stored(both[0]!)]).map((alert) => alert.episodeKey)).toEqual(['frost:field-1:2025-06-12']);
    expect(continueEpisodes(next, both.map(stored)).map((alert) => alert.episodeKey)).toEqual(['frost:field-1:2025-06-12']);
  });

  it('another field or rule is never continued', () => {
    const otherField = first.map((alert) => ({ ...stored(alert), fieldId: 'field-2' }));
    const otherRule = first.map((alert) => ({ ...stored(alert), ruleId: 'heat' as const }));
    const next = frostOf(forecast({ '2025-06-14': 1 }));
    expect(continueEpisodes(next, [...otherField, ...otherRule])).toEqual(next);
  });

  it('a pest generation is keyed by the generation, so a warmer forecast moving its day changes nothing', () => {
    const maize = findCropType('maize-grain-medium')!;
    const weather = (temperatureMaxC: number) =>
      Array.from({ length: 60 }, (_, index) => ({
        date: addDays('2025-11-01', index),
        temperatureMaxC,
        temperatureMinC: 16,
        precipitationMm: 2,
        windSpeedMaxMPerS: 3,
        relativeHumidityMaxPct: 80,
        relativeHumidityMinPct: 45,
      }));
    const options = { fieldId: FIELD, today: '2025-11-20', plantingDate: '2025-11-01', crop: maize, dataSource: 'test' };
    const cooler = fallArmywormAlerts({ ...options, days: weather(29) });
    const warmer = fallArmywormAlerts({ ...options, days: weather(31) });
    expect(cooler[0]!.date).not.toBe(warmer[0]!.date);
    expect(cooler[0]!.episodeKey).toBe('fall-armyworm:field-1:2025-11-01:generation-1');
    expect(warmer[0]!.episodeKey).toBe(cooler[0]!.episodeKey);
    expect(warmer[0]!.keyedByDay).toBe(false);
  });

  it('a rise in severity is an escalation; the same or lower is not', () => {
    expect(isEscalation('warning', 'critical')).toBe(true);
    expect(isEscalation('info', 'warning')).toBe(true);
    expect(isEscalation('critical', 'critical')).toBe(false);
    expect(isEscalation('critical', 'warning')).toBe(false);
  });
});
