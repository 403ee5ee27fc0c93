import { describe, expect, it } from 'vitest';
import { findCropType } from '../crops/crop-catalogue.ts';
import { addDays } from '../dates.ts';
import type { Alert } from './alert.ts';
import { weatherAlerts, type AlertWeatherDay, type WeatherAlertOptions } from './weather-alerts.ts';

const FIELD = 'field-1';

/** `count` mild, dry, calm days from `start`, each changed by `change(date, index)`. */
function weatherSeries(
  start: string,
  count: number,
  change: (date: string, index: number) => Partial<AlertWeatherDay> = () => ({}),
): AlertWeatherDay[] {
  return Array.from({ length: count }, (_, index) => {
    const date = addDays(start, index);
    return {
      date,
      temperatureMaxC: 26,
      temperatureMinC: 12,
      precipitationMm: 5,
      windSpeedMaxMPerS: 4,
      relativeHumidityMaxPct: 80,
      relativeHumidityMinPct: 40,
      ...change(date, index),
    };
  });
}

const byDate = (values: Record<string, Partial<AlertWeatherDay>>) => (date: string) => values[date] ?? {};

/** A crop in the ground all year unless a test says otherwise: weather alerts speak only of such days. */
const IN_SEASON = { seasonStart: '2025-01-01', seasonEnd: null };

function evaluate(days: AlertWeatherDay[], today: string, extra: Partial<WeatherAlertOptions> = {}): Alert[] {
  return weatherAlerts({ fieldId: FIELD, today, days, dataSource: 'Open-Meteo forecast', season: IN_SEASON, ...extra });
}

const ofRule = (alerts: Alert[], ruleId: Alert['ruleId']) => alerts.filter((alert) => alert.ruleId === ruleId);

describe('frost', () => {
  const days = weatherSeries('2025-06-05', 12, byDate({ '2025-06-12': { temperatureMinC: 1.5 }, '2025-06-13': { temperatureMinC: -0.5 } }));

  it('fires for a forecast cold spell on its first day, critical when the screen falls below 0 °C, with the evidence', () => {
    const [frost, ...others] = ofRule(evaluate(days, '2025-06-10'), 'frost');
    expect(others).toEqual([]);
    expect(frost).toMatchObject({
      ruleId: 'frost',
      fieldId: FIELD,
      severity: 'critical',
      date: '2025-06-12',
      daysAhead: 2,
      episodeKey: 'frost:field-1:2025-06-12',
      messageKey: 'alerts.frost',
      params: { minTemperatureC: -0.5, date: '2025-06-13' },
      message: 'Frost risk: minimum temperature -0.5 °C on 2025-06-13.',
      actionKey: 'alerts.actions.protectFromFrost',
    });
    expect(frost!.evidence.dates).toEqual(['2025-06-12', '2025-06-13']);
    expect(frost!.evidence.values).toContainEqual({ name: 'minTemperature', value: 1.5, unit: '°C', date: '2025-06-12' });
    expect(frost!.evidence.values).toContainEqual({ name: 'minTemperature', value: -0.5, unit: '°C', date: '2025-06-13' });
    expect(frost!.evidence.values).toContainEqual({ name: 'frostThreshold', value: 2, unit: '°C' });
    expect(frost!.evidence.dataSource).toBe('Open-Meteo forecast');
    expect(frost!.evidence.source).toMatch(/2 °C/);
  });

  it('is a warning at exactly 2 °C and silent at 2.1 °C (control)', () => {
    const atLimit = weatherSeries('2025-06-05', 12, byDate({ '2025-06-12': { temperatureMinC: 2 } }));
    expect(ofRule(evaluate(atLimit, '2025-06-10'), 'frost').map((a) => [a.date, a.severity])).toEqual([['2025-06-12', 'warning']]);
    const control = weatherSeries('2025-06-05', 12, () => ({ temperatureMinC: 2.1 }));
    expect(ofRule(evaluate(control, '2025-06-10'), 'frost')).toEqual([]);
  });

  it('keeps one episode key while the spell lasts, however often it is evaluated, and raises nothing once it is over', () => {
    const keys = ['2025-06-08', '2025-06-11', '2025-06-12', '2025-06-13'].map((today) =>
      ofRule(evaluate(days, today), 'frost').map((a) => a.episodeKey),
    );
    expect(keys).toEqual(Array(4).fill(['frost:field-1:2025-06-12']));
    expect(ofRule(evaluate(days, '2025-06-13'), 'frost')[0]).toMatchObject({ date: '2025-06-12', daysAhead: 0 });
    expect(ofRule(evaluate(days, '2025-06-14'), 'frost')).toEqual([]);
  });

  it('gives a new episode key to a new spell after a frost-free day', () => {
    const twoSpells = weatherSeries(
      '2025-06-05',
      12,
      byDate({ '2025-06-11': { temperatureMinC: 1 }, '2025-06-13': { temperatureMinC: 1 } }),
    );
    expect(ofRule(evaluate(twoSpells, '2025-06-10'), 'frost').map((a) => a.episodeKey)).toEqual([
      'frost:field-1:2025-06-11',
      'frost:field-1:2025-06-13',
    ]);
  });

  it('takes a user override of the threshold, and refuses an unknown or non-finite one', () => {
    const mild = weatherSeries('2025-06-05', 12, byDate({ '2025-06-12': { temperatureMinC: 3.5 } }));
    expect(ofRule(evaluate(mild, '2025-06-10'), 'frost')).toEqual([]);
    expect(ofRule(evaluate(mild, '2025-06-10', { thresholds: { frostMinTemperatureC: 4 } }), 'frost')).toHaveLength(1);
    expect(() => evaluate(mild, '2025-06-10', { thresholds: { frostMinTemperatureC: Number.NaN } })).toThrow(RangeError);
    expect(() => evaluate(mild, '2025-06-10', { thresholds: { frostMin: 4 } as never })).toThrow(RangeError);
  });
});

describe('heat', () => {
  it('fires on the first day at or above 35 °C', () => {
    const days = weatherSeries('2025-06-05', 12, byDate({ '2025-06-14': { temperatureMaxC: 36.2 } }));
    const [heat] = ofRule(evaluate(days, '2025-06-10'), 'heat');
    expect(heat).toMatchObject({
      date: '2025-06-14',
      daysAhead: 4,
      severity: 'warning',
      params: { maxTemperatureC: 36.2, date: '2025-06-14' },
    });
    expect(heat!.evidence.values).toContainEqual({ name: 'maxTemperature', value: 36.2, unit: '°C', date: '2025-06-14' });
  });

  it('is silent at 34.9 °C (control)', () => {
    expect(
      ofRule(
        evaluate(
          weatherSeries('2025-06-05', 12, () => ({ temperatureMaxC: 34.9 })),
          '2025-06-10',
        ),
        'heat',
      ),
    ).toEqual([]);
  });
});

describe('heavy rain', () => {
  it('fires on a day of 25 mm or more', () => {
    const days = weatherSeries('2025-06-05', 12, byDate({ '2025-06-11': { precipitationMm: 31 } }));
    const [rain] = ofRule(evaluate(days, '2025-06-10'), 'heavy-rain');
    expect(rain).toMatchObject({ date: '2025-06-11', daysAhead: 1, episodeKey: 'heavy-rain:field-1:2025-06-11', params: { rainMm: 31 } });
    expect(rain!.evidence.values).toContainEqual({ name: 'rain', value: 31, unit: 'mm', date: '2025-06-11' });
  });

  it('fires on the day three days of rain reach 50 mm, with that total in the evidence', () => {
    const days = weatherSeries(
      '2025-06-05',
      12,
      byDate({ '2025-06-11': { precipitationMm: 20 }, '2025-06-12': { precipitationMm: 20 }, '2025-06-13': { precipitationMm: 12 } }),
    );
    // 06-11..06-13: 20 + 20 + 12 = 52 mm ≥ 50; 06-10..06-12: 5 + 20 + 20 = 45 mm, not yet; 06-12..06-14: 20 + 12 + 5 = 37 mm.
    const [rain, ...others] = ofRule(evaluate(days, '2025-06-10'), 'heavy-rain');
    expect(others).toEqual([]);
    expect(rain).toMatchObject({ date: '2025-06-13', daysAhead: 3, params: { rainMm: 12, threeDayRainMm: 52 } });
    expect(rain!.evidence.values).toContainEqual({ name: 'threeDayRain', value: 52, unit: 'mm', date: '2025-06-13' });
  });

  it('tells no three-day total where the days before are not known, rather than pass the day off as one', () => {
    const days = weatherSeries('2025-06-10', 5, byDate({ '2025-06-10': { precipitationMm: 40 } }));
    const [rain] = ofRule(evaluate(days, '2025-06-10'), 'heavy-rain');
    expect(rain).toMatchObject({ messageKey: 'alerts.heavyRainDay', params: { rainMm: 40, date: '2025-06-10' } });
    expect(rain!.params).not.toHaveProperty('threeDayRainMm');
    expect(rain!.message).toBe('Heavy rain: 40 mm on 2025-06-10.');
  });

  it('is silent on 24 mm in a day and 49 mm over three days (control)', () => {
    const days = weatherSeries(
      '2025-06-05',
      12,
      byDate({ '2025-06-11': { precipitationMm: 24 }, '2025-06-12': { precipitationMm: 20 }, '2025-06-13': { precipitationMm: 0 } }),
    );
    // Largest three-day sum: 06-10..06-12 = 5 + 24 + 20 = 49 mm.
    expect(ofRule(evaluate(days, '2025-06-10'), 'heavy-rain')).toEqual([]);
  });
});

describe('dry spell', () => {
  // Rain until 31 May, then 0.5 mm a day: the 1st of June is the first dry day, the 10th the tenth.
  const days = weatherSeries('2025-05-25', 23, (date) => ({ precipitationMm: date < '2025-06-01' ? 5 : 0.5 }));
  const season = { seasonStart: '2025-05-01', seasonEnd: '2025-09-01' };

  it('fires on the tenth consecutive day under 2 mm, keyed by the first dry day', () => {
    const [spell] = ofRule(evaluate(days, '2025-06-08', { season }), 'dry-spell');
    expect(spell).toMatchObject({
      date: '2025-06-10',
      daysAhead: 2,
      episodeKey: 'dry-spell:field-1:2025-06-01',
      params: { dryDays: 16, dryDayRainBelowMm: 2, firstDay: '2025-06-01' },
    });
    expect(spell!.evidence.dates).toHaveLength(16);
    expect(spell!.evidence.values).toContainEqual({ name: 'rainOverSpell', value: 8, unit: 'mm' });
    // Evaluated later in the same spell: the same key, now due.
    expect(ofRule(evaluate(days, '2025-06-14', { season }), 'dry-spell')[0]).toMatchObject({
      episodeKey: 'dry-spell:field-1:2025-06-01',
      daysAhead: 0,
    });
  });

  it('counts only days inside the season, and nothing without one', () => {
    // Season from 5 June: the spell runs 05–16 June, 12 days.
    expect(ofRule(evaluate(days, '2025-06-08', { season: { seasonStart: '2025-06-05', seasonEnd: null } }), 'dry-spell')[0]).toMatchObject({
      episodeKey: 'dry-spell:field-1:2025-06-05',
      date: '2025-06-14',
    });
    // Season from 8 June: 08–16 June is 9 days, not a spell.
    expect(ofRule(evaluate(days, '2025-06-08', { season: { seasonStart: '2025-06-08', seasonEnd: null } }), 'dry-spell')).toEqual([]);
    expect(ofRule(evaluate(days, '2025-06-08', { season: null }), 'dry-spell')).toEqual([]);
    // Weather on fallow land is for frost, heat, rain and wind: a dry spell on a field with no crop harms nothing.
    expect(ofRule(evaluate(days, '2025-06-08', { season: null, onFallowLand: true }), 'dry-spell')).toEqual([]);
  });

  it('reads a part day as a whole one rather than failing (7.5 days is an 8-day spell)', () => {
    const [spell] = ofRule(evaluate(days, '2025-06-08', { season, thresholds: { drySpellDays: 7.5 } }), 'dry-spell');
    expect(spell).toMatchObject({ date: '2025-06-08', episodeKey: 'dry-spell:field-1:2025-06-01' });
    expect(spell!.evidence.values).toContainEqual({ name: 'drySpellDays', value: 8, unit: 'days' });
  });

  it('is silent when 2 mm falls on the tenth day (control)', () => {
    const broken = days.map((day) => (day.date === '2025-06-10' ? { ...day, precipitationMm: 2 } : day));
    // 01–09 June is 9 days; 11–16 June is 6.
    expect(ofRule(evaluate(broken, '2025-06-08', { season }), 'dry-spell')).toEqual([]);
  });
});

describe('strong wind', () => {
  it('warns from Beaufort force 6 (10.8 m/s) and is critical from force 8 (17.2 m/s)', () => {
    const days = weatherSeries(
      '2025-06-05',
      12,
      byDate({ '2025-06-11': { windSpeedMaxMPerS: 12 }, '2025-06-14': { windSpeedMaxMPerS: 18 } }),
    );
    const alerts = ofRule(evaluate(days, '2025-06-10'), 'strong-wind');
    expect(alerts.map((a) => [a.date, a.severity, a.params.windSpeedMPerS])).toEqual([
      ['2025-06-11', 'warning', 12],
      ['2025-06-14', 'critical', 18],
    ]);
    expect(alerts[0]!.evidence.source).toMatch(/Beaufort/);
  });

  it('is silent at 10.7 m/s (control)', () => {
    expect(
      ofRule(
        evaluate(
          weatherSeries('2025-06-05', 12, () => ({ windSpeedMaxMPerS: 10.7 })),
          '2025-06-10',
        ),
        'strong-wind',
      ),
    ).toEqual([]);
  });
});

describe('only while a crop is in the ground', () => {
  // Frost on 12 Jun, heat on 13 Jun, 40 mm of rain on 14 Jun and a gale on 15 Jun.
  const stormy = weatherSeries(
    '2025-06-05',
    12,
    byDate({
      '2025-06-12': { temperatureMinC: -1 },
      '2025-06-13': { temperatureMaxC: 37 },
      '2025-06-14': { precipitationMm: 40 },
      '2025-06-15': { windSpeedMaxMPerS: 18 },
    }),
  );
  const rules = (alerts: Alert[]) => alerts.map((alert) => alert.ruleId);

  it('tells frost, heat, heavy rain and wind on an empty field only when the organisation asks for fallow land', () => {
    expect(evaluate(stormy, '2025-06-10', { season: null })).toEqual([]);
    expect(rules(evaluate(stormy, '2025-06-10', { season: null, onFallowLand: true }))).toEqual([
      'frost',
      'heat',
      'heavy-rain',
      'strong-wind',
    ]);
  });

  it('tells nothing of the days before planting or after the harvest, and all of the days between', () => {
    // Planted on 14 Jun: the frost and the heat come before it.
    expect(rules(evaluate(stormy, '2025-06-10', { season: { seasonStart: '2025-06-14', seasonEnd: null } }))).toEqual([
      'heavy-rain',
      'strong-wind',
    ]);
    // Harvested on 12 Jun: only the frost of that day is the crop's.
    expect(rules(evaluate(stormy, '2025-06-10', { season: { seasonStart: '2025-01-15', seasonEnd: '2025-06-12' } }))).toEqual(['frost']);
    expect(rules(evaluate(stormy, '2025-06-10'))).toEqual(['frost', 'heat', 'heavy-rain', 'strong-wind']);
  });
});

describe('heat on the crop', () => {
  // Maize planted on 1 Jan 2025, FAO-56 Table 11 stages 25/40/45/30 days: the mid-season stage (tasselling, silking
  // and grain set) runs from season day 66, 7 Mar, to day 110, 20 Apr.
  const maize = findCropType('maize-grain')!;
  const soybean = findCropType('soybean')!;
  const onMaize = { crop: maize, plantingDate: '2025-01-01' };
  const hotOn = (date: string, temperatureMaxC: number) => weatherSeries(addDays(date, -5), 12, byDate({ [date]: { temperatureMaxC } }));

  it('names tasselling and silking and maize’s own 35 °C line when the heat falls in them: a warning', () => {
    const [heat] = ofRule(evaluate(hotOn('2025-03-20', 37.4), '2025-03-18', onMaize), 'heat');
    expect(heat).toMatchObject({
      severity: 'warning',
      messageKey: 'alerts.heatMaizeFlowering',
      params: { maxTemperatureC: 37.4, date: '2025-03-20', thresholdC: 35 },
    });
    expect(heat!.message).toBe(
      'Heat at flowering: up to 37.4 °C on 2025-03-20, at or above 35 °C while the maize tassels, silks and sets grain. Such heat kills pollen and dries silks, and fewer kernels set.',
    );
    expect(heat!.evidence.values).toContainEqual({ name: 'heatThreshold', value: 35, unit: '°C' });
    expect(heat!.evidence.source).toMatch(/Hatfield et al\. \(2011\).*maize 95 °F \(35 °C\)/);
  });

  it('says when the stage heat harms will come when the heat comes before it: information', () => {
    const [heat] = ofRule(evaluate(hotOn('2025-02-10', 36), '2025-02-08', onMaize), 'heat');
    expect(heat).toMatchObject({
      severity: 'info',
      messageKey: 'alerts.heatMaizeOtherStage',
      params: { maxTemperatureC: 36, thresholdC: 35, stageStartDate: '2025-03-07', stageEndDate: '2025-04-20' },
    });
    expect(heat!.message).toBe(
      'Heat: up to 36 °C on 2025-02-10, at or above 35 °C. Heat harms maize most at tasselling, silking and grain set, from about 2025-03-07 to 2025-04-20.',
    );
  });

  it('takes soybean’s 39 °C line, and the organisation’s own line over the crop’s', () => {
    const onSoybean = { crop: soybean, plantingDate: '2025-01-01' };
    // Soybean's mid-season (flowering and pod set): days 56–115, 25 Feb to 25 Apr.
    expect(ofRule(evaluate(hotOn('2025-03-20', 37.4), '2025-03-18', onSoybean), 'heat')).toEqual([]);
    expect(ofRule(evaluate(hotOn('2025-03-20', 39.5), '2025-03-18', onSoybean), 'heat')[0]).toMatchObject({
      severity: 'warning',
      messageKey: 'alerts.heatSoybeanFlowering',
      params: { thresholdC: 39 },
    });
    const lowered = ofRule(
      evaluate(hotOn('2025-03-20', 34), '2025-03-18', { ...onMaize, thresholds: { heatMaxTemperatureC: 33 } }),
      'heat',
    );
    expect(lowered[0]).toMatchObject({ messageKey: 'alerts.heatMaizeFlowering', params: { thresholdC: 33 } });
  });

  it('is silent at 34.9 °C on maize (control)', () => {
    expect(ofRule(evaluate(hotOn('2025-03-20', 34.9), '2025-03-18', onMaize), 'heat')).toEqual([]);
  });
});

it('raises no weather alert on a mild series (control)', () => {
  expect(evaluate(weatherSeries('2025-06-05', 12), '2025-06-10', { season: { seasonStart: '2025-05-01', seasonEnd: null } })).toEqual([]);
});
