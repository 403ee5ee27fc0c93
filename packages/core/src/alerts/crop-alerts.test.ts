import { describe, expect, it } from 'vitest';
import { adviseIrrigation } from '../agronomy/fao56/irrigation-advice.ts';
import { findCropType } from '../crops/crop-catalogue.ts';
import { addDays } from '../dates.ts';
import {
  depletionWaterStressAlerts,
  irrigationDueAlerts,
  ndviDropAlerts,
  nitrogenAlerts,
  ndwiWaterStressAlerts,
  type AlertWaterBalanceDay,
  type IndexReading,
  type NdreIndexReading,
} from './crop-alerts.ts';

const FIELD = 'field-1';
const maize = findCropType('maize-grain')!;
// Maize grain in the catalogue: FAO-56 Table 11 stages 25/40/45/30 days, so the late season (senescence) runs from
// season day 111 (25 + 40 + 45 + 1) to 140. Planted 15 Nov 2024, day 111 is 5 Mar 2025.
const PLANTING = '2024-11-15';
const LATE_SEASON_START = addDays(PLANTING, 110);

const readings = (values: [string, number | null, boolean?][]): IndexReading[] =>
  values.map(([date, value, usable = true]) => ({ date, value, usable }));

const imagery = { fieldId: FIELD, crop: maize, plantingDate: PLANTING, dataSource: 'earth-search' };

describe('NDVI drop', () => {
  // 20 Jan is cloudy (unusable): the drop is read from 15 Jan to 25 Jan.
  const falling = readings([
    ['2025-01-10', 0.6],
    ['2025-01-15', 0.62],
    ['2025-01-20', 0.2, false],
    ['2025-01-25', 0.5],
  ]);

  it('fires on the first lower usable reading, skipping unusable ones, with both readings in the evidence', () => {
    expect(LATE_SEASON_START).toBe('2025-03-05');
    const [drop, ...others] = ndviDropAlerts({ ...imagery, today: '2025-01-27', readings: falling });
    expect(others).toEqual([]);
    expect(drop).toMatchObject({
      ruleId: 'ndvi-drop',
      date: '2025-01-25',
      daysAhead: 0,
      episodeKey: 'ndvi-drop:field-1:2025-01-25',
      params: { ndviDrop: 0.12, ndviBefore: 0.62, beforeDate: '2025-01-15', ndviAfter: 0.5, afterDate: '2025-01-25' },
    });
    expect(drop!.evidence.dates).toEqual(['2025-01-15', '2025-01-25']);
    expect(drop!.evidence.values).toContainEqual({ name: 'ndvi', value: 0.62, unit: 'index', date: '2025-01-15' });
    expect(drop!.evidence.values).toContainEqual({ name: 'ndviDrop', value: 0.12, unit: 'index' });
    expect(drop!.evidence.dataSource).toBe('earth-search');
    expect(drop!.evidence.caveats).toEqual([]);
  });

  it('keeps the episode key while NDVI keeps falling, and starts a new one after a recovery', () => {
    const stillFalling = [...falling, ...readings([['2025-01-30', 0.4]])];
    expect(ndviDropAlerts({ ...imagery, today: '2025-01-31', readings: stillFalling })[0]).toMatchObject({
      episodeKey: 'ndvi-drop:field-1:2025-01-25',
      params: { ndviDrop: 0.22, ndviAfter: 0.4 },
    });
    const recovered = [...falling, ...readings([['2025-01-30', 0.55]])];
    expect(ndviDropAlerts({ ...imagery, today: '2025-01-31', readings: recovered })).toEqual([]);
    const fallsAgain = [...recovered, ...readings([['2025-02-04', 0.44]])];
    expect(ndviDropAlerts({ ...imagery, today: '2025-02-05', readings: fallsAgain }).map((a) => a.episodeKey)).toEqual([
      'ndvi-drop:field-1:2025-02-04',
    ]);
  });

  it('counts a drop of exactly 0.1 and not one of 0.09 (control)', () => {
    expect(
      ndviDropAlerts({
        ...imagery,
        today: '2025-01-27',
        readings: readings([
          ['2025-01-15', 0.6],
          ['2025-01-25', 0.5],
        ]),
      }),
    ).toHaveLength(1);
    expect(
      ndviDropAlerts({
        ...imagery,
        today: '2025-01-27',
        readings: readings([
          ['2025-01-15', 0.6],
          ['2025-01-25', 0.51],
        ]),
      }),
    ).toEqual([]);
  });

  it('is silent in the late season from the crop catalogue, and says the stage is unknown without a crop', () => {
    const ripening = readings([
      ['2025-03-10', 0.7],
      ['2025-03-20', 0.5],
    ]);
    expect(ndviDropAlerts({ ...imagery, today: '2025-03-21', readings: ripening })).toEqual([]);
    const [unknown] = ndviDropAlerts({ ...imagery, crop: null, today: '2025-03-21', readings: ripening });
    expect(unknown!.evidence.caveats[0]!.text).toMatch(/Growth stage unknown/);
    // The same fall a week before the late season starts is a warning.
    const beforeRipening = readings([
      ['2025-02-20', 0.7],
      ['2025-02-26', 0.5],
    ]);
    expect(ndviDropAlerts({ ...imagery, today: '2025-02-27', readings: beforeRipening })).toHaveLength(1);
  });
});

describe('water stress from NDWI', () => {
  it('fires below −0.2 (the spec guide, from the legend) and not at −0.19 (control)', () => {
    const [stress] = ndwiWaterStressAlerts({
      ...imagery,
      today: '2025-01-27',
      readings: readings([
        ['2025-01-20', -0.1],
        ['2025-01-25', -0.25],
      ]),
    });
    expect(stress).toMatchObject({ ruleId: 'water-stress-ndwi', date: '2025-01-25', params: { ndwi: -0.25, threshold: -0.2 } });
    expect(stress!.evidence.values).toContainEqual({ name: 'ndwi', value: -0.25, unit: 'index', date: '2025-01-25' });
    expect(ndwiWaterStressAlerts({ ...imagery, today: '2025-01-27', readings: readings([['2025-01-25', -0.19]]) })).toEqual([]);
  });
});

describe('nitrogen', () => {
  const ndre = (values: [string, number, number?][]): NdreIndexReading[] =>
    values.map(([date, value, sufficiencyIndex]) => ({ date, value, usable: true, sufficiencyIndex }));

  it('fires on NDRE below 0.3', () => {
    const [alert] = nitrogenAlerts({ ...imagery, today: '2025-01-27', readings: ndre([['2025-01-25', 0.28]]) });
    expect(alert).toMatchObject({
      ruleId: 'nitrogen',
      messageKey: 'alerts.nitrogenNdre',
      date: '2025-01-25',
      params: { ndre: 0.28, threshold: 0.3 },
    });
  });

  it('fires on a sufficiency index below 0.95 and says that threshold is a research guide', () => {
    const [alert] = nitrogenAlerts({ ...imagery, today: '2025-01-27', readings: ndre([['2025-01-25', 0.4, 0.93]]) });
    expect(alert).toMatchObject({ messageKey: 'alerts.nitrogenSufficiency', params: { sufficiencyIndex: 0.93, threshold: 0.95 } });
    expect(alert!.evidence.values).toContainEqual({ name: 'sufficiencyIndex', value: 0.93, unit: 'ratio', date: '2025-01-25' });
    expect(alert!.evidence.caveats.map((c) => c.text).join(' ')).toMatch(/research guide/);
  });

  it('is silent on NDRE 0.35 with index 0.97 (control) and in the late season', () => {
    expect(nitrogenAlerts({ ...imagery, today: '2025-01-27', readings: ndre([['2025-01-25', 0.35, 0.97]]) })).toEqual([]);
    expect(nitrogenAlerts({ ...imagery, today: '2025-03-21', readings: ndre([['2025-03-20', 0.25]]) })).toEqual([]);
  });

  it('does not read a young crop’s low NDRE as nitrogen: silent in the initial stage and while the canopy is open', () => {
    // 1 Dec is season day 17, inside maize's 25-day initial stage: the image sees mostly soil.
    expect(nitrogenAlerts({ ...imagery, today: '2024-12-02', readings: ndre([['2024-12-01', 0.2, 0.9]]) })).toEqual([]);
    const withCover = (ndvi: number): NdreIndexReading[] => [{ date: '2025-01-25', value: 0.25, usable: true, ndvi }];
    expect(nitrogenAlerts({ ...imagery, today: '2025-01-27', readings: withCover(0.42) })).toEqual([]);
    expect(nitrogenAlerts({ ...imagery, today: '2025-01-27', readings: withCover(0.5) })).toHaveLength(1);
  });
});

/** Balance days from `start`, mid-season, RAW 50 mm of TAW 100 mm, with the given end-of-day depletions. */
function balanceDays(
  start: string,
  depletionsMm: number[],
  change: (date: string) => Partial<AlertWaterBalanceDay> = () => ({}),
): AlertWaterBalanceDay[] {
  return depletionsMm.map((rootZoneDepletionMm, index) => {
    const date = addDays(start, index);
    const ks = rootZoneDepletionMm > 50 ? (100 - rootZoneDepletionMm) / 50 : 1;
    return {
      date,
      stage: 'mid-season',
      rootZoneDepletionMm,
      readilyAvailableWaterMm: 50,
      totalAvailableWaterMm: 100,
      ks,
      rainMm: 0,
      ...change(date),
    };
  });
}

describe('water stress from the water balance', () => {
  const balance = { fieldId: FIELD, dataSource: 'Open-Meteo forecast' };

  it('fires when depletion passes RAW, keyed by the first such day: info at Ks ≥ 0.9, warning below, critical below 0.7', () => {
    // 22–26 Jan: 40, 48, 52, 53, 54 mm; above RAW (50 mm) from the 24th; Ks on the 26th = (100 − 54)/50 = 0.92.
    const days = balanceDays('2025-01-22', [40, 48, 52, 53, 54]);
    const [stress] = depletionWaterStressAlerts({ ...balance, today: '2025-01-26', days });
    expect(stress).toMatchObject({
      ruleId: 'water-stress-depletion',
      severity: 'info',
      date: '2025-01-24',
      episodeKey: 'water-stress-depletion:field-1:2025-01-24',
      params: { depletionMm: 54, readilyAvailableWaterMm: 50, date: '2025-01-26' },
    });
    expect(stress!.evidence.values).toContainEqual({ name: 'ks', value: 0.92, unit: 'ratio', date: '2025-01-26' });
    // 58 mm: Ks = 42/50 = 0.84 < 0.9; 66 mm: Ks = 34/50 = 0.68 < 0.7. The same episode throughout.
    const deeper = balanceDays('2025-01-22', [40, 48, 52, 55, 58]);
    expect(depletionWaterStressAlerts({ ...balance, today: '2025-01-26', days: deeper })[0]).toMatchObject({
      severity: 'warning',
      episodeKey: 'water-stress-depletion:field-1:2025-01-24',
    });
    const severe = balanceDays('2025-01-22', [40, 48, 52, 60, 66]);
    expect(depletionWaterStressAlerts({ ...balance, today: '2025-01-26', days: severe })[0]).toMatchObject({
      severity: 'critical',
      episodeKey: 'water-stress-depletion:field-1:2025-01-24',
    });
  });

  it('is silent at depletion equal to RAW (control), and leaves forecast days to the irrigation rule', () => {
    expect(depletionWaterStressAlerts({ ...balance, today: '2025-01-26', days: balanceDays('2025-01-22', [40, 45, 50, 50, 50]) })).toEqual(
      [],
    );
    expect(depletionWaterStressAlerts({ ...balance, today: '2025-01-24', days: balanceDays('2025-01-22', [40, 45, 50, 55, 60]) })).toEqual(
      [],
    );
  });
});

describe('irrigation due', () => {
  const balance = { fieldId: FIELD, dataSource: 'Open-Meteo forecast' };
  // 18–27 Jan: 20, 25, …, 65 mm; reaches RAW (50 mm) on the 24th.
  const rising = balanceDays('2025-01-18', [20, 25, 30, 35, 40, 45, 50, 55, 60, 65]);

  it('fires on the forecast day the depletion reaches RAW, with the spec depth (held at 30 mm)', () => {
    const [due, ...others] = irrigationDueAlerts({ ...balance, today: '2025-01-20', days: rising });
    expect(others).toEqual([]);
    expect(due).toMatchObject({
      ruleId: 'irrigation-due',
      severity: 'info',
      date: '2025-01-24',
      daysAhead: 4,
      episodeKey: 'irrigation-due:field-1:2025-01-24',
      actionKey: 'alerts.actions.irrigate',
      params: { date: '2025-01-24', depletionMm: 50, readilyAvailableWaterMm: 50, depthMm: 30, rainExpectedMm: 0 },
    });
  });

  it('keeps the key and turns to a warning once due and not yet watered', () => {
    for (const today of ['2025-01-24', '2025-01-26']) {
      expect(irrigationDueAlerts({ ...balance, today, days: rising })[0]).toMatchObject({
        episodeKey: 'irrigation-due:field-1:2025-01-24',
        severity: 'warning',
        date: today,
        daysAhead: 0,
      });
    }
  });

  it('advises holding off when more than 10 mm of rain is forecast for the due day and the next', () => {
    const wet = balanceDays('2025-01-18', [20, 25, 30, 35, 40, 45, 50, 55, 60, 65], (date) =>
      date === '2025-01-25' ? { rainMm: 12 } : {},
    );
    expect(irrigationDueAlerts({ ...balance, today: '2025-01-20', days: wet })[0]).toMatchObject({
      actionKey: 'alerts.actions.postponeIrrigationForRain',
      severity: 'info',
      params: { rainExpectedMm: 12 },
    });
  });

  it('looks only seven forecast days ahead, and is silent while depletion stays under RAW (control)', () => {
    // From the 17th the seven days are 17–23 Jan; the 24th is beyond them.
    expect(irrigationDueAlerts({ ...balance, today: '2025-01-17', days: rising })).toEqual([]);
    expect(
      irrigationDueAlerts({ ...balance, today: '2025-01-20', days: balanceDays('2025-01-18', [20, 25, 30, 35, 40, 45, 49, 49, 49, 49]) }),
    ).toEqual([]);
  });

  it('agrees with the FAO-56 irrigation advice run on the same forecast', () => {
    const today = '2025-01-20';
    const forecast = Array.from({ length: 7 }, (_, index) => ({ date: addDays(today, index), et0Mm: 6, rainMm: 0 }));
    const advice = adviseIrrigation({
      irrigated: true,
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: 'loam',
      today,
      rootZoneDepletionMm: 40,
      forecast,
    });
    if (advice.kind !== 'irrigation-schedule') throw new Error('expected a schedule');
    expect(advice.irrigationDate).not.toBeNull();
    const [due] = irrigationDueAlerts({ ...balance, today, days: advice.projection });
    expect(due!.date).toBe(advice.irrigationDate);
    expect(due!.params.depthMm).toBe(advice.depthMm);
  });
});
