import { describe, expect, it } from 'vitest';
import { findCropType } from '../crops/crop-catalogue.ts';
import { addDays } from '../dates.ts';
import { accumulateDegreeDays, dailyDegreeDays, type DegreeDayModel } from './degree-days.ts';
import {
  fallArmywormAlerts,
  greyLeafSpotAlerts,
  hoursAtOrAboveHumidity,
  maizeStalkBorerAlerts,
  soybeanRustAlerts,
  wetPeriodTemperatureC,
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

/**
 * The degree-days of a day whose temperature runs one sine from `low` to `high`, by summing the curve above the base
 * (capped at the cut-off) over 200,000 slices: the area the single-sine formula gives in closed form.
 */
function integratedDegreeDays(high: number, low: number, model: DegreeDayModel): number {
  const slices = 200_000;
  let sum = 0;
  for (let slice = 0; slice < slices; slice++) {
    const temperature = (high + low) / 2 + ((high - low) / 2) * Math.sin((2 * Math.PI * (slice + 0.5)) / slices);
    sum += Math.max(0, Math.min(temperature, model.upperCutoffC) - model.baseTemperatureC);
  }
  return sum / slices;
}

describe('degree-days', () => {
  it('follows the single sine with a horizontal cut-off: the area a slice-by-slice sum of the day finds', () => {
    const cases: [number, number, DegreeDayModel][] = [
      [30, 16, FAW], // wholly between base and cut-off
      [35, 20, FAW], // above the cut-off in the afternoon
      [38, 32, FAW], // wholly above the cut-off
      [14, 6, FAW], // above the base only in the afternoon
      [20, 4, FAW],
      [36, 8, FAW], // crosses both
      [10, 2, FAW], // wholly below the base
      [30, 20, { baseTemperatureC: 10.36, upperCutoffC: 26 }],
      [22, 22, FAW], // no daily range
    ];
    for (const [high, low, model] of cases) {
      expect(dailyDegreeDays(high, low, model), `${high}/${low} °C`).toBeCloseTo(integratedDegreeDays(high, low, model), 4);
    }
    // By hand where the formula is plain: (30 + 16)/2 − 12.57 = 10.43; all above the cut-off: 30 − 12.57 = 17.43.
    expect(dailyDegreeDays(30, 16, FAW)).toBeCloseTo(10.43, 10);
    expect(dailyDegreeDays(38, 32, FAW)).toBeCloseTo(17.43, 10);
    expect(dailyDegreeDays(10, 2, FAW)).toBe(0);
    expect(() => dailyDegreeDays(Number.NaN, 6, FAW)).toThrow(RangeError);
  });

  it('counts the warm afternoon of a cool day that the daily mean counts as 0', () => {
    // 20/4 °C: the mean, 12 °C, is under the 12.57 °C base. Sine: M = 12, A = 8, θ1 = asin(0.57/8) = 0.07131;
    // DD = [(12 − 12.57)(π/2 − 0.07131) + 8·cos 0.07131]/π = (−0.85471 + 7.97967)/π = 2.268 °D.
    expect(dailyDegreeDays(20, 4, FAW)).toBeCloseTo(2.268, 3);
    // 35/20 °C over the 30 °C cut-off: 13.659 °D, where capping the maximum at 30 °C and averaging gave 12.43.
    expect(dailyDegreeDays(35, 20, FAW)).toBeCloseTo(13.659, 3);
  });

  it('sums from the start date, counting a day without temperatures as 0 and naming it', () => {
    const days: AlertWeatherDay[] = [
      { date: '2024-11-14', temperatureMaxC: 40, temperatureMinC: 30, precipitationMm: 0 },
      { date: '2024-11-15', temperatureMaxC: 30, temperatureMinC: 16, precipitationMm: 0 },
      { date: '2024-11-16', temperatureMaxC: 38, temperatureMinC: 32, precipitationMm: 0 },
      { date: '2024-11-17', temperatureMaxC: null, temperatureMinC: 18, precipitationMm: 0 },
      { date: '2024-11-18', temperatureMaxC: 10, temperatureMinC: 2, precipitationMm: 0 },
    ];
    const { days: totals, missingDates } = accumulateDegreeDays(days, PLANTING, FAW);
    // 15th: 10.43; 16th: 10.43 + 17.43 = 27.86; 17th: missing, + 0; 18th: wholly under the base, + 0. The 14th is before the start.
    expect(totals.map((day) => [day.date, Number(day.cumulativeDegreeDays.toFixed(2)), day.missing])).toEqual([
      ['2024-11-15', 10.43, false],
      ['2024-11-16', 27.86, false],
      ['2024-11-17', 27.86, true],
      ['2024-11-18', 27.86, false],
    ]);
    expect(missingDates).toEqual(['2024-11-17']);
  });
});

describe('fall armyworm', () => {
  // Every day 30/20 °C, wholly under the 30 °C cut-off: 25 − 12.57 = 12.43 °D. After 31 days 385.33 °D (< 391); after
  // 32 days 397.76 °D (≥ 391). Day 32 from planting on 15 Nov (day 1) is 16 Dec.
  const days = weather(PLANTING, '2024-12-19', WARM);

  it('fires on the day the degree-days since planting pass 391, naming the source and the unchecked constant', () => {
    const [alert, ...others] = fallArmywormAlerts(pestOptions('2024-12-12', days));
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      ruleId: 'fall-armyworm',
      date: '2024-12-16',
      daysAhead: 4,
      episodeKey: 'fall-armyworm:field-1:2024-11-15:generation-1',
      messageKey: 'alerts.fallArmywormGeneration',
      params: { generation: 1, date: '2024-12-16', nextEggDate: '2024-12-19' },
    });
    expect(alert!.evidence.values).toEqual(
      expect.arrayContaining([
        { name: 'degreeDaysSinceEggs', value: 397.8, unit: '°D', date: '2024-12-16' },
        { name: 'baseTemperature', value: 12.57, unit: '°C' },
        { name: 'upperCutoff', value: 30, unit: '°C' },
        { name: 'eggToAdultDegreeDays', value: 391, unit: '°D' },
        { name: 'preOvipositionDays', value: 3, unit: 'days' },
      ]),
    );
    expect(alert!.evidence.dates).toEqual(['2024-11-15', '2024-12-16']);
    expect(alert!.evidence.source).toMatch(/Du Plessis/);
    expect(alert!.evidence.caveats[0]!.text).toMatch(/391 degree-day .* not been checked/);
  });

  it('runs a generation egg to egg: the next moths 3 days of egg-laying and 391 °D after the last emerged', () => {
    const season = weather(PLANTING, '2025-01-25', WARM);
    const alerts = fallArmywormAlerts(pestOptions('2024-12-12', season));
    // Generation 2's eggs from 19 Dec (16 Dec + 3 days): 32 days of 12.43 °D from 19 Dec (day 1) is 19 Jan. Counting
    // 2 × 391 °D from planting instead, without the days before egg-laying, gave 16 Jan.
    expect(alerts.map((alert) => [alert.params.generation, alert.date, alert.params.nextEggDate])).toEqual([
      [1, '2024-12-16', '2024-12-19'],
      [2, '2025-01-19', '2025-01-22'],
    ]);
    expect(alerts[1]!.evidence.dates).toEqual(['2024-12-19', '2025-01-19']);
    expect(alerts[1]!.evidence.values).toContainEqual({ name: 'degreeDaysSinceEggs', value: 397.8, unit: '°D', date: '2025-01-19' });
  });

  it('keeps the key up to the day and is silent after it', () => {
    for (const today of ['2024-12-14', '2024-12-16']) {
      expect(fallArmywormAlerts(pestOptions(today, days)).map((a) => a.episodeKey)).toEqual([
        'fall-armyworm:field-1:2024-11-15:generation-1',
      ]);
    }
    expect(fallArmywormAlerts(pestOptions('2024-12-17', days))).toEqual([]);
    expect(fallArmywormAlerts(pestOptions('2024-12-17', days, { lastEvaluatedOn: '2024-12-17' }))).toEqual([]);
  });

  it('tells a generation reached on a day no run saw at the next run, late and once', () => {
    // The rules last ran on 8 Dec, when the forecast did not reach 391 °D; the next run is on 18 Dec.
    const [late, ...others] = fallArmywormAlerts(pestOptions('2024-12-18', days, { lastEvaluatedOn: '2024-12-08' }));
    expect(others).toEqual([]);
    expect(late).toMatchObject({ date: '2024-12-16', daysAhead: 0, episodeKey: 'fall-armyworm:field-1:2024-11-15:generation-1' });
    expect(late!.evidence.caveats.map((c) => c.text)).toContain(
      'Reached on 2024-12-16, when this field’s alerts were not checked: told late.',
    );
    // The run after it has seen 18 Dec: the generation is behind it, and not told again.
    expect(fallArmywormAlerts(pestOptions('2024-12-18', days, { lastEvaluatedOn: '2024-12-18' }))).toEqual([]);
    expect(fallArmywormAlerts(pestOptions('2024-12-19', days, { lastEvaluatedOn: '2024-12-18' }))).toEqual([]);
  });

  it('moves a day later when a day has no temperatures, and says so', () => {
    const gap = days.map((day) => (day.date === '2024-11-20' ? { ...day, temperatureMaxC: null } : day));
    const [alert] = fallArmywormAlerts(pestOptions('2024-12-12', gap));
    // 32 days with 31 counted: 385.33 °D; the 33rd day brings 397.76 °D on 17 Dec.
    expect(alert).toMatchObject({ date: '2024-12-17', episodeKey: 'fall-armyworm:field-1:2024-11-15:generation-1' });
    expect(alert!.evidence.caveats.map((c) => c.text).join(' ')).toMatch(/1 day\(s\) without temperatures/);
  });

  it('is silent in cooler weather and on a crop it does not attack (controls)', () => {
    // 24/12 °C: the sine counts 5.48 °D a day (the mean, 18 °C, gives 5.43), 192 °D by 19 Dec.
    const cool = weather(PLANTING, '2024-12-19', { ...WARM, temperatureMaxC: 24, temperatureMinC: 12 });
    expect(fallArmywormAlerts(pestOptions('2024-12-12', cool))).toEqual([]);
    expect(fallArmywormAlerts(pestOptions('2024-12-12', days, { crop: soybean }))).toEqual([]);
    expect(fallArmywormAlerts(pestOptions('2024-12-12', days, { plantingDate: null }))).toEqual([]);
  });
});

describe('maize stalk borer', () => {
  const days = weather(PLANTING, '2025-01-20', WARM);
  // Over the 26 °C cut-off, a 30/20 °C day counts as the sine's area capped at 26 °C. Egg (10.36 °C base): M = 25,
  // A = 5, θ2 = asin(0.2) = 0.20136; DD = [14.64·(0.20136 + π/2) + 15.64·(π/2 − 0.20136) − 5·cos 0.20136]/π
  // = (25.9443 + 21.4180 − 4.8990)/π = 13.5165 °D. Egg-to-adult (8.84 °C base): (16.16·1.77215 + 17.16·1.36944
  // − 4.8990)/π = 15.0365 °D.

  it('fires when first-generation eggs would hatch (10.36 °C base, 99.5 °D, 26 °C cut-off)', () => {
    // Day 7 = 94.62 °D, day 8 = 108.13 °D ≥ 99.5 → 22 Nov. (With the day's maximum capped at 30 °C and averaged, 21 Nov.)
    const [hatch, ...others] = maizeStalkBorerAlerts(pestOptions('2024-11-18', days.slice(0, 14)));
    expect(others).toEqual([]);
    expect(hatch).toMatchObject({
      ruleId: 'maize-stalk-borer',
      messageKey: 'alerts.maizeStalkBorerHatch',
      date: '2024-11-22',
      episodeKey: 'maize-stalk-borer:field-1:2024-11-15:hatch-1',
    });
    expect(hatch!.evidence.values).toContainEqual({ name: 'degreeDaysSincePlanting', value: 108.1, unit: '°D', date: '2024-11-22' });
    expect(hatch!.evidence.values).toContainEqual({ name: 'baseTemperature', value: 10.36, unit: '°C' });
    expect(hatch!.evidence.values).toContainEqual({ name: 'upperCutoff', value: 26, unit: '°C' });
    expect(hatch!.evidence.source).toMatch(/Glatz, du Plessis & Van den Berg \(2017\)/);
  });

  it('fires when the moths that lay the second generation may fly (8.84 °C base, 893.66 °D)', () => {
    // Day 59 = 887.15 °D, day 60 = 902.19 °D ≥ 893.66 → 13 Jan.
    const [moths] = maizeStalkBorerAlerts(pestOptions('2025-01-05', days));
    expect(moths).toMatchObject({
      messageKey: 'alerts.maizeStalkBorerMoths',
      date: '2025-01-13',
      params: { generation: 1, degreeDays: 902 },
    });
  });

  it('stops after the season’s two generations: no third flight, though the season runs on', () => {
    // A second 893.66 °D from planting would be reached on day 119, 13 Mar, inside maize’s 140-day season; the larvae of
    // the second generation mostly enter diapause, so no moths are told for it.
    const longSeason = weather(PLANTING, '2025-03-31', WARM);
    expect(maizeStalkBorerAlerts(pestOptions('2025-02-01', longSeason))).toEqual([]);
    expect(maizeStalkBorerAlerts(pestOptions('2024-11-16', longSeason)).map((alert) => alert.episodeKey)).toEqual([
      'maize-stalk-borer:field-1:2024-11-15:hatch-1',
      'maize-stalk-borer:field-1:2024-11-15:moths-1',
    ]);
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

  it('takes the temperature of the wet hours as the sine’s mean over them, around the coolest hour', () => {
    // 12 h: the cooler half of the day, (30 + 20)/2 − (30 − 20)/π = 25 − 3.183 = 21.817.
    expect(wetPeriodTemperatureC(30, 20, 12)).toBeCloseTo(21.817, 3);
    // 7.28 h at 27/17 °C: x = π·7.28/24 = 0.95295, sin x / x = 0.81515/0.95295 = 0.85539; 22 − 5 × 0.85539 = 17.72.
    expect(wetPeriodTemperatureC(27, 17, 7.28)).toBeCloseTo(17.72, 2);
    expect(wetPeriodTemperatureC(27, 17, 24)).toBeCloseTo(22, 10);
    expect(wetPeriodTemperatureC(27, 17, 0)).toBe(17);
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

  it('names the pathogen of southern Africa, Cercospora zeina, and says its limits were measured on C. zeae-maydis', () => {
    const [alert] = greyLeafSpotAlerts(pestOptions('2025-01-25', days));
    expect(alert!.evidence.source).toMatch(/Cercospora zeina in southern Africa: Meisel et al\. 2009/);
    expect(alert!.evidence.source).toMatch(/Rupe, Siegel & Hartman 1982/);
    expect(alert!.evidence.caveats.map((c) => c.text)).toContain(
      'Grey leaf spot here is caused by Cercospora zeina; the humidity and temperature limits were measured on a related fungus, Cercospora zeae-maydis.',
    );
  });

  it('takes 24 °C as the lower temperature: a humid day at a mean of 23 °C is not one, at 24 °C it is', () => {
    const at = (maxC: number, minC: number) =>
      weather('2025-01-20', '2025-01-31', WARM, (date) =>
        date === '2025-01-27' ? { ...humid, temperatureMaxC: maxC, temperatureMinC: minC } : {},
      );
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', at(28, 18)))).toEqual([]);
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', at(29, 19))).map((alert) => alert.date)).toEqual(['2025-01-27']);
  });

  it('is silent at 11.3 h of humid air, at a mean of 21.5 °C, and on soybean (controls)', () => {
    // RH 100/78 %: 24·acos((180 − 178)/22)/π = 24·acos(0.0909)/π = 24 × 1.4798/3.1416 = 11.30 h.
    const drier = weather('2025-01-20', '2025-01-31', WARM, (date) =>
      date === '2025-01-27' ? { ...humid, relativeHumidityMinPct: 78 } : {},
    );
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', drier))).toEqual([]);
    const cooler = weather('2025-01-20', '2025-01-31', WARM, (date) =>
      date === '2025-01-27' ? { ...humid, temperatureMaxC: 25, temperatureMinC: 18 } : {},
    );
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', cooler))).toEqual([]);
    expect(greyLeafSpotAlerts(pestOptions('2025-01-25', days, { crop: soybean }))).toEqual([]);
  });
});

describe('soybean rust', () => {
  // RH 98/60 %: 7.28 h of wetness (see above), around the coolest hour; sin x / x = 0.85539 for x = π·7.28/24.
  const wetRh = { relativeHumidityMaxPct: 98, relativeHumidityMinPct: 60 };
  const onSoybean = { crop: soybean };
  const oneDay = (day: Partial<AlertWeatherDay>) => weather('2025-01-20', '2025-01-31', WARM, (date) => (date === '2025-01-26' ? day : {}));

  it('judges the dew by the temperature during it, at night: 7.3 h at 17.7 °C is too short, though the day averages 22 °C', () => {
    // 27/17 °C: the wet hours average 22 − 5 × 0.85539 = 17.7 °C, where 10 h are needed (the day's mean, 22 °C, is in 20–25).
    expect(soybeanRustAlerts(pestOptions('2025-01-25', oneDay({ ...wetRh, temperatureMaxC: 27, temperatureMinC: 17 }), onSoybean))).toEqual(
      [],
    );
  });

  it('fires on 6 h or more of dew at 20–25 °C, though the day averages above 25 °C', () => {
    // 30/22 °C: mean 26 °C; the wet hours average 26 − 4 × 0.85539 = 22.6 °C.
    const days = weather('2025-01-20', '2025-01-31', WARM, (date) =>
      date === '2025-01-26' || date === '2025-01-28' ? { ...wetRh, temperatureMaxC: 30, temperatureMinC: 22 } : {},
    );
    const alerts = soybeanRustAlerts(pestOptions('2025-01-25', days, onSoybean));
    expect(alerts.map((a) => a.episodeKey)).toEqual(['soybean-rust:field-1:2025-01-26', 'soybean-rust:field-1:2025-01-28']);
    expect(alerts[0]).toMatchObject({ messageKey: 'alerts.soybeanRustDew', params: { wetHours: 7.3, wetTemperatureC: 22.6 } });
    expect(alerts[0]!.evidence.values).toEqual([
      { name: 'leafWetnessHours', value: 7.3, unit: 'h', date: '2025-01-26' },
      { name: 'wetPeriodTemperature', value: 22.6, unit: '°C', date: '2025-01-26' },
      { name: 'wetHoursNeeded', value: 6, unit: 'h', date: '2025-01-26' },
    ]);
    expect(alerts[0]!.evidence.source).toMatch(/Marchetti/);
    expect(alerts[0]!.evidence.source).toMatch(/RH ≥ 90 %/);
  });

  it('fires on 10 h or more of dew at 15–20 °C, the route the study found for cool nights', () => {
    // 24/14 °C, RH 100/78 %: 11.30 h wet; x = π·11.3/24 = 1.47916, sin x / x = 0.67325; 19 − 5 × 0.67325 = 15.6 °C.
    const [alert] = soybeanRustAlerts(
      pestOptions(
        '2025-01-25',
        oneDay({ relativeHumidityMaxPct: 100, relativeHumidityMinPct: 78, temperatureMaxC: 24, temperatureMinC: 14 }),
        onSoybean,
      ),
    );
    expect(alert).toMatchObject({ date: '2025-01-26', params: { wetHours: 11.3, wetTemperatureC: 15.6 } });
    expect(alert!.evidence.values).toContainEqual({ name: 'wetHoursNeeded', value: 10, unit: 'h', date: '2025-01-26' });
  });

  it('is silent on 9 h at 15 °C, on dew above 25 °C, and under 6 h at 22 °C (controls)', () => {
    // RH 100/68 %: 24·acos(12/32)/π = 9.06 h; at 24/14 °C they average 15.1 °C, where 10 h are needed.
    const cool = { relativeHumidityMaxPct: 100, relativeHumidityMinPct: 68, temperatureMaxC: 24, temperatureMinC: 14 };
    expect(soybeanRustAlerts(pestOptions('2025-01-25', oneDay(cool), onSoybean))).toEqual([]);
    // 34/26 °C: the wet hours average 30 − 4 × 0.85539 = 26.6 °C, above the bands infection was found in.
    expect(soybeanRustAlerts(pestOptions('2025-01-25', oneDay({ ...wetRh, temperatureMaxC: 34, temperatureMinC: 26 }), onSoybean))).toEqual(
      [],
    );
    // RH 95/60 %: 24·acos((180 − 155)/35)/π = 24·acos(0.714)/π = 24 × 0.7752/3.1416 = 5.92 h.
    const shortWet = oneDay({ relativeHumidityMaxPct: 95, relativeHumidityMinPct: 60, temperatureMaxC: 30, temperatureMinC: 22 });
    expect(soybeanRustAlerts(pestOptions('2025-01-25', shortWet, onSoybean))).toEqual([]);
  });

  it('watches only the crop’s season: nothing before planting', () => {
    const days = oneDay({ ...wetRh, temperatureMaxC: 30, temperatureMinC: 22 });
    expect(soybeanRustAlerts(pestOptions('2025-01-25', days, { crop: soybean, plantingDate: '2025-01-27' }))).toEqual([]);
  });
});
