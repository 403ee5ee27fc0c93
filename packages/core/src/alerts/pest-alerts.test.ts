import { describe, expect, it } from 'vitest';
import { findCropType } from '../crops/crop-catalogue.ts';
import { addDays } from '../dates.ts';
import { accumulateDegreeDays, dailyDegreeDays, PEST_UPPER_CUTOFF_C } from './degree-days.ts';
import {
  fallArmywormAlerts,
  greyLeafSpotAlerts,
  hoursAtOrAboveHumidity,
  maizeStalkBorerAlerts,
  nightMeanTemperatureC,
  soybeanRustAlerts,
  type PestAlertOptions,
} from './pest-alerts.ts';
import type { AlertWeatherDay } from './weather-alerts.ts';

const maize = findCropType('maize-grain')!;
const soybean = findCropType('soybean')!;
const PLANTING = '2024-11-15';
const FAW = { baseTemperatureC: 12.57, upperCutoffC: 30 };

/** Weather every day from `start` through `end`, each changed by `change(date)`. */
function weather(
  start: string,
  end: string,
  day: Omit<AlertWeatherDay, 'date'>,
  change: (date: string) => Partial<AlertWeatherDay> = () => ({}),
) {
  const days: AlertWeatherDay[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) days.push({ date, ...day, ...change(date) });
  return days;
}

const WARM = { temperatureMaxC: 30, temperatureMinC: 20, precipitationMm: 0, relativeHumidityMaxPct: 80, relativeHumidityMinPct: 40 };

const pestOptions = (today: string, days: AlertWeatherDay[], extra: Partial<PestAlertOptions> = {}): PestAlertOptions => ({
  fieldId: 'field-1',
  today,
  crop: maize,
  plantingDate: PLANTING,
  days,
  dataSource: 'Open-Meteo forecast',
  ...extra,
});

describe('degree-days', () => {
  it('averages Tmax and Tmin above the base, with both capped at the 30 °C cut-off', () => {
    expect(PEST_UPPER_CUTOFF_C).toBe(30);
    // (30 + 16)/2 − 12.57 = 23 − 12.57 = 10.43
    expect(dailyDegreeDays(30, 16, FAW)).toBeCloseTo(10.43, 10);
    // Tmax 35 counts as 30: (30 + 20)/2 − 12.57 = 25 − 12.57 = 12.43
    expect(dailyDegreeDays(35, 20, FAW)).toBeCloseTo(12.43, 10);
    // Both above the cut-off: (30 + 30)/2 − 12.57 = 17.43
    expect(dailyDegreeDays(38, 32, FAW)).toBeCloseTo(17.43, 10);
    // (14 + 6)/2 − 12.57 = 10 − 12.57 < 0 → 0
    expect(dailyDegreeDays(14, 6, FAW)).toBe(0);
    expect(() => dailyDegreeDays(Number.NaN, 6, FAW)).toThrow(RangeError);
  });

  it('sums from the start date, counting a day without temperatures as 0 and naming it', () => {
    const days: AlertWeatherDay[] = [
      { date: '2024-11-14', temperatureMaxC: 40, temperatureMinC: 30, precipitationMm: 0 },
      { date: '2024-11-15', temperatureMaxC: 30, temperatureMinC: 16, precipitationMm: 0 },
      { date: '2024-11-16', temperatureMaxC: 35, temperatureMinC: 20, precipitationMm: 0 },
      { date: '2024-11-17', temperatureMaxC: null, temperatureMinC: 18, precipitationMm: 0 },
      { date: '2024-11-18', temperatureMaxC: 14, temperatureMinC: 6, precipitationMm: 0 },
    ];
    const { days: totals, missingDates } = accumulateDegreeDays(days, PLANTING, FAW);
    // 15th: 10.43; 16th: 10.43 + 12.43 = 22.86; 17th: missing, + 0 = 22.86; 18th: + 0 = 22.86. The 14th is before the start.
    expect(totals.map((day) => [day.date, Number(day.cumulativeDegreeDays.toFixed(2))])).toEqual([
      ['2024-11-15', 10.43],
      ['2024-11-16', 22.86],
      ['2024-11-17', 22.86],
      ['2024-11-18', 22.86],
    ]);
    expect(missingDates).toEqual(['2024-11-17']);
  });
});

describe('fall armyworm', () => {
  // Every day 30/20 °C: (30 + 20)/2 − 12.57 = 12.43 °D. After 31 days 31 × 12.43 = 385.33 °D (< 391); after 32 days
  // 32 × 12.43 = 397.76 °D (≥ 391). Day 32 from planting on 15 Nov (day 1) is 16 Dec.
  const days = weather(PLANTING, '2024-12-19', WARM);

  it('fires on the day the degree-days since planting pass 391, naming the source and the unchecked constant', () => {
    const [alert, ...others] = fallArmywormAlerts(pestOptions('2024-12-12', days));
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      ruleId: 'fall-armyworm',
      date: '2024-12-16',
      daysAhead: 4,
      episodeKey: 'fall-armyworm:field-1:2024-11-15:generation-1',
      params: { generation: 1, date: '2024-12-16', degreeDays: 398 },
    });
    expect(alert!.evidence.values).toEqual(
      expect.arrayContaining([
        { name: 'degreeDaysSincePlanting', value: 397.8, unit: '°D', date: '2024-12-16' },
        { name: 'baseTemperature', value: 12.57, unit: '°C' },
        { name: 'upperCutoff', value: 30, unit: '°C' },
        { name: 'eggToAdultDegreeDays', value: 391, unit: '°D' },
      ]),
    );
    expect(alert!.evidence.source).toMatch(/Du Plessis/);
    expect(alert!.evidence.caveats[0]!.text).toMatch(/391 degree-day .* not been checked/);
  });

  it('keeps the key up to the day and is silent after it', () => {
    for (const today of ['2024-12-14', '2024-12-16']) {
      expect(fallArmywormAlerts(pestOptions(today, days)).map((a) => a.episodeKey)).toEqual([
        'fall-armyworm:field-1:2024-11-15:generation-1',
      ]);
    }
    expect(fallArmywormAlerts(pestOptions('2024-12-17', days))).toEqual([]);
  });

  it('moves a day later when a day has no temperatures, and says so', () => {
    const gap = days.map((day) => (day.date === '2024-11-20' ? { ...day, temperatureMaxC: null } : day));
    const [alert] = fallArmywormAlerts(pestOptions('2024-12-12', gap));
    // 32 days with 31 counted: 385.33 °D; the 33rd day brings 397.76 °D on 17 Dec.
    expect(alert).toMatchObject({ date: '2024-12-17', episodeKey: 'fall-armyworm:field-1:2024-11-15:generation-1' });
    expect(alert!.evidence.caveats.map((c) => c.text).join(' ')).toMatch(/1 day\(s\) without temperatures/);
  });

  it('is silent in cooler weather and on a crop it does not attack (controls)', () => {
    // 24/12 °C: 18 − 12.57 = 5.43 °D a day, 190 °D by 19 Dec.
    const cool = weather(PLANTING, '2024-12-19', { ...WARM, temperatureMaxC: 24, temperatureMinC: 12 });
    expect(fallArmywormAlerts(pestOptions('2024-12-12', cool))).toEqual([]);
    expect(fallArmywormAlerts(pestOptions('2024-12-12', days, { crop: soybean }))).toEqual([]);
    expect(fallArmywormAlerts(pestOptions('2024-12-12', days, { plantingDate: null }))).toEqual([]);
  });
});

describe('maize stalk borer', () => {
  const days = weather(PLANTING, '2025-01-12', WARM);

  it('fires when first-generation eggs would hatch (10.36 °C base, 99.5 °D)', () => {
    // (30 + 20)/2 − 10.36 = 14.64 °D a day: day 6 = 87.84 °D, day 7 = 102.48 °D ≥ 99.5 → 21 Nov.
    const [hatch, ...others] = maizeStalkBorerAlerts(pestOptions('2024-11-18', days.slice(0, 14)));
    expect(others).toEqual([]);
    expect(hatch).toMatchObject({
      ruleId: 'maize-stalk-borer',
      messageKey: 'alerts.maizeStalkBorerHatch',
      date: '2024-11-21',
      episodeKey: 'maize-stalk-borer:field-1:2024-11-15:hatch-1',
    });
    expect(hatch!.evidence.values).toContainEqual({ name: 'degreeDaysSincePlanting', value: 102.5, unit: '°D', date: '2024-11-21' });
    expect(hatch!.evidence.values).toContainEqual({ name: 'baseTemperature', value: 10.36, unit: '°C' });
    expect(hatch!.evidence.source).toMatch(/Glatz \(2017\)/);
  });

  it('fires when moths of the next generation may fly (8.84 °C base, 893.7 °D)', () => {
    // (30 + 20)/2 − 8.84 = 16.16 °D a day: day 55 = 888.8 °D, day 56 = 904.96 °D ≥ 893.7 → 9 Jan.
    const [moths] = maizeStalkBorerAlerts(pestOptions('2025-01-05', days));
    expect(moths).toMatchObject({
      messageKey: 'alerts.maizeStalkBorerMoths',
      date: '2025-01-09',
      params: { generation: 1, degreeDays: 905 },
    });
  });

  it('is silent on soybean (control)', () => {
    expect(maizeStalkBorerAlerts(pestOptions('2024-11-18', days, { crop: soybean }))).toEqual([]);
  });
});

describe('daily proxies for hourly disease rules', () => {
  it('estimates hours at or above a humidity from the day’s extremes on a sine', () => {
    // Midpoint exactly at the threshold: half the day, 12 h.
    expect(hoursAtOrAboveHumidity(100, 80, 90)).toBeCloseTo(12, 10);
    expect(hoursAtOrAboveHumidity(95, 91, 90)).toBe(24);
    expect(hoursAtOrAboveHumidity(89, 50, 90)).toBe(0);
    // 24·acos((180 − 158)/38)/π = 24·acos(0.5789)/π = 24 × 0.9533/3.1416 = 7.28 h
    expect(hoursAtOrAboveHumidity(98, 60, 90)).toBeCloseTo(7.28, 2);
  });

  it('takes the night mean as the mean of the cooler half of a sine day', () => {
    // (30 + 20)/2 − (30 − 20)/π = 25 − 3.183 = 21.817
    expect(nightMeanTemperatureC(30, 20)).toBeCloseTo(21.817, 3);
  });
});

describe('grey leaf spot', () => {
  // 30/22 °C: mean 26 °C. RH 100/82 %: 24·acos((180 − 182)/18)/π = 24·acos(−0.111)/π = 24 × 1.6821/3.1416 = 12.85 h.
  const humid = { relativeHumidityMaxPct: 100, relativeHumidityMinPct: 82, temperatureMaxC: 30, temperatureMinC: 22 };
  const days = weather('2025-01-20', '2025-01-31', WARM, (date) => (date === '2025-01-27' || date === '2025-01-28' ? humid : {}));

  it('fires on a day estimated at 12 h or more of RH ≥ 90 % at a mean of 24–30 °C, one episode over consecutive days', () => {
    const [alert, ...others] = greyLeafSpotAlerts(pestOptions('2025-01-25', days));
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      ruleId: 'grey-leaf-spot',
      date: '2025-01-27',
      daysAhead: 2,
      episodeKey: 'grey-leaf-spot:field-1:2025-01-27',
      params: { humidHours: 12.9, meanTemperatureC: 26 },
    });
    expect(alert!.evidence.dates).toEqual(['2025-01-27', '2025-01-28']);
    expect(alert!.evidence.values).toContainEqual({ name: 'hoursAtOrAbove90PctHumidity', value: 12.9, unit: 'h', date: '2025-01-27' });
    expect(alert!.evidence.caveats[0]!.text).toMatch(/Daily data/);
  });

  it('is silent at 11.3 h of humid air, at a mean of 22 °C, and on soybean (controls)', () => {
    // RH 100/78 %: 24·acos((180 − 178)/22)/π = 24·acos(0.0909)/π = 24 × 1.4798/3.1416 = 11.30 h.
    const drier = weather('2025-01-20', '2025-01-31', WARM, (date) =>
      date === '2025-01-27' ? { ...humid, relativeHumidityMinPct: 78 } : {},
    );
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', drier))).toEqual([]);
    const cooler = weather('2025-01-20', '2025-01-31', WARM, (date) =>
      date === '2025-01-27' ? { ...humid, temperatureMaxC: 26, temperatureMinC: 18 } : {},
    );
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', cooler))).toEqual([]);
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', days, { crop: soybean }))).toEqual([]);
  });
});

describe('soybean rust', () => {
  // 27/17 °C: mean 22 °C, night mean 22 − 10/π = 18.8 °C. RH 98/60 %: 7.28 h of wetness (see above).
  const wet = { relativeHumidityMaxPct: 98, relativeHumidityMinPct: 60, temperatureMaxC: 27, temperatureMinC: 17 };
  const onSoybean = { crop: soybean };

  it('fires on an estimated 6 h or more of leaf wetness at a mean of 20–25 °C, a new key for each episode', () => {
    const days = weather('2025-01-20', '2025-01-31', WARM, (date) => (date === '2025-01-26' || date === '2025-01-28' ? wet : {}));
    const alerts = soybeanRustAlerts(pestOptions('2025-01-25', days, onSoybean));
    expect(alerts.map((a) => a.episodeKey)).toEqual(['soybean-rust:field-1:2025-01-26', 'soybean-rust:field-1:2025-01-28']);
    expect(alerts[0]).toMatchObject({ params: { wetHours: 7.3, meanTemperatureC: 22 } });
    expect(alerts[0]!.evidence.values).toContainEqual({ name: 'nightMeanTemperature', value: 18.8, unit: '°C', date: '2025-01-26' });
    expect(alerts[0]!.evidence.source).toMatch(/Marchetti/);
    expect(alerts[0]!.evidence.source).toMatch(/RH ≥ 90 %/);
  });

  it('is suppressed by a night averaging under 14 °C, and silent under 6 h of wetness (controls)', () => {
    // 32/8 °C: mean 20 °C, night mean 20 − 24/π = 12.4 °C < 14.
    const coldNight = weather('2025-01-20', '2025-01-31', WARM, (date) =>
      date === '2025-01-26' ? { ...wet, temperatureMaxC: 32, temperatureMinC: 8 } : {},
    );
    expect(soybeanRustAlerts(pestOptions('2025-01-25', coldNight, onSoybean))).toEqual([]);
    // RH 95/60 %: 24·acos((180 − 155)/35)/π = 24·acos(0.714)/π = 24 × 0.7752/3.1416 = 5.92 h.
    const shortWet = weather('2025-01-20', '2025-01-31', WARM, (date) =>
      date === '2025-01-26' ? { ...wet, relativeHumidityMaxPct: 95 } : {},
    );
    expect(soybeanRustAlerts(pestOptions('2025-01-25', shortWet, onSoybean))).toEqual([]);
  });

  it('watches only the crop’s season: nothing before planting', () => {
    const days = weather('2025-01-20', '2025-01-31', WARM, (date) => (date === '2025-01-26' ? wet : {}));
    expect(soybeanRustAlerts(pestOptions('2025-01-25', days, { crop: soybean, plantingDate: '2025-01-27' }))).toEqual([]);
  });
});
