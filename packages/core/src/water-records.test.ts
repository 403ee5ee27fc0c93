import { describe, expect, it } from 'vitest';
import { adviseIrrigation, type IrrigationSchedule } from './agronomy/fao56/irrigation-advice.ts';
import { simulateRootZoneWaterBalance, type DailyWaterInput } from './agronomy/fao56/water-balance.ts';
import { findCropType, type CropType } from './crops/crop-catalogue.ts';
import {
  depthFromVolumeMm,
  irrigationEventCreateSchema,
  NO_RECORDED_WATER,
  rainReadingCreateSchema,
  recordedWaterAssumptions,
  waterRecordDateProblem,
  withRecordedWater,
  type RecordedWater,
} from './water-records.ts';

const maize = findCropType('maize-grain') as CropType; // Kc mid 1.20 from season day 81, roots 1.0 m (Table 22)

/** Consecutive days from `firstDate`, ET₀ `et0Mm` each; `rainByDay[i]` is the weather source's rain on day i. */
function weatherDays(firstDate: string, count: number, et0Mm: number, rainByDay: Record<number, number> = {}): DailyWaterInput[] {
  const first = Date.parse(`${firstDate}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(first + index * 86_400_000).toISOString().slice(0, 10),
    et0Mm,
    rainMm: rainByDay[index] ?? 0,
  }));
}

// Planted 2025-11-01: 2026-01-22 is season day 83, inside mid-season (days 81–140).
const PLANTING = '2025-11-01';
const DAY_1 = '2026-01-22';

/**
 * Ten days of mid-season maize on a loam, worked by hand (FAO-56 Eq. 82–88):
 *   TAW = 1000 × 0.155 (loam, Table 19 midpoint) × 1.0 m = 155 mm; ETc = 1.20 × 5 = 6 mm/day;
 *   p = 0.55 + 0.04 × (5 − 6) = 0.51 → RAW = 0.51 × 155 = 79.05 mm. Depletion at the start: 60 mm.
 *   The weather source gives 30 mm of rain on day 6; the farm's gauge read 12 mm that day, which replaces it.
 *   12 mm is below the curve-number initial abstraction of a loam (CN 78: S = 25400/78 − 254 = 71.64 mm,
 *   Ia = 0.2 S = 14.33 mm), so all 12 mm soak in; 12 ≥ 0.2 × ET₀ = 1 mm, so none is ignored as light rain.
 *   Dr,i = Dr,i−1 − P − I + ETc (Ks = 1 throughout: the depletion after the day's water never passes RAW):
 *     day 1: 60 + 6 = 66          day 6: 65 − 12 + 6 = 59 (gauge)
 *     day 2: 66 + 6 = 72          day 7: 59 + 6 = 65
 *     day 3: 72 + 6 = 78          day 8: 65 + 6 = 71
 *     day 4: 78 − 25 + 6 = 59     day 9: 71 + 6 = 77
 *     day 5: 59 + 6 = 65          day 10: 77 + 6 = 83 (77 at the start of the day is within RAW: Ks 1)
 *   No deep percolation: the root zone never reaches field capacity.
 */
const tenDays = weatherDays(DAY_1, 10, 5, { 5: 30 });
const recorded: RecordedWater = {
  irrigations: [{ date: '2026-01-25', netDepthMm: 25 }],
  rainReadings: [{ date: '2026-01-27', rainMm: 12 }],
};

const balanceOf = (days: DailyWaterInput[], initialDepletionMm = 60) =>
  simulateRootZoneWaterBalance({ crop: maize, plantingDate: PLANTING, soilTexture: 'loam', days, initialDepletionMm });

describe('the FAO-56 balance with recorded irrigation and a gauge reading', () => {
  it('matches the hand-computed depletion over ten days: 25 mm irrigated on day 4, 12 mm in the gauge on day 6', () => {
    const balance = balanceOf(withRecordedWater(tenDays, recorded));
    expect(balance.days.map((day) => day.rootZoneDepletionMm)).toEqual(
      [66, 72, 78, 59, 65, 59, 65, 71, 77, 83].map((mm) => expect.closeTo(mm, 9)),
    );
    expect(balance.days[0]?.totalAvailableWaterMm).toBeCloseTo(155, 9);
    expect(balance.days[0]?.readilyAvailableWaterMm).toBeCloseTo(79.05, 9);
    expect(balance.days.every((day) => day.ks === 1 && day.deepPercolationMm === 0)).toBe(true);
    expect(balance.days[3]).toMatchObject({ date: '2026-01-25', irrigationMm: 25 });
    expect(balance.days[5]).toMatchObject({ date: '2026-01-27', rainMm: 12, runoffMm: 0, infiltratedRainMm: 12 });
  });

  it('takes the gauge over the weather source: its 30 mm (2.8 mm running off) is not counted that day', () => {
    const weatherOnly = balanceOf(tenDays);
    // (30 − 14.33)² / (30 − 14.33 + 71.64) = 2.81 mm runs off the weather source's 30 mm.
    expect(weatherOnly.days[5]?.runoffMm).toBeCloseTo(2.81, 2);
    expect(weatherOnly.days[5]?.infiltratedRainMm).toBeCloseTo(27.19, 2);
    const gaugeOnly = balanceOf(withRecordedWater(tenDays, { irrigations: [], rainReadings: recorded.rainReadings }));
    expect(gaugeOnly.days[5]?.infiltratedRainMm).toBe(12);
    // Without the irrigation the soil passes RAW on day 4 and the crop is short of water on day 5 (Ks < 1).
    expect(gaugeOnly.days[4]?.ks).toBeLessThan(1);
  });

  it('adds several irrigations on one day and leaves other days as the weather gave them', () => {
    const days = withRecordedWater(tenDays, {
      irrigations: [
        { date: '2026-01-23', netDepthMm: 10 },
        { date: '2026-01-23', netDepthMm: 15 },
        { date: '2025-12-01', netDepthMm: 40 },
      ],
      rainReadings: [{ date: '2026-01-24', rainMm: 0 }],
    });
    expect(days[1]).toEqual({ date: '2026-01-23', et0Mm: 5, rainMm: 0, irrigationMm: 25 });
    expect(days[5]).toBe(tenDays[5]);
    expect(withRecordedWater(tenDays, NO_RECORDED_WATER)).toEqual(tenDays);
  });

  it('says what it assumed about the recorded water', () => {
    expect(recordedWaterAssumptions(tenDays, NO_RECORDED_WATER)).toEqual([
      'No irrigation is recorded for this field in this period, so the balance assumes none was given.',
    ]);
    const [irrigation, gauge] = recordedWaterAssumptions(tenDays, recorded);
    expect(irrigation).toMatch(
      /^The balance counts 1 recorded irrigation \(25 mm in all\)\. Recorded irrigation is counted as the depth that soaked in/,
    );
    expect(gauge).toBe("On 1 day the rain is your gauge reading instead of the weather source's.");
  });
});

describe('the recommendation after a recorded irrigation', () => {
  /**
   * A cool, dull week of mid-season maize on a loam: ET₀ 3 mm/day, ETc = 1.20 × 3 = 3.6 mm/day,
   * p = 0.55 + 0.04 × (5 − 3.6) = 0.606, RAW = 0.606 × 155 = 93.93 mm. The soil is 92 mm short this morning.
   *   Without irrigation: 92 + 3.6 = 95.6 mm tonight, past RAW → irrigate today.
   *   With 25 mm given this morning: 92 − 25 + 3.6 = 70.6, then + 3.6 a day to 70.6 + 6 × 3.6 = 92.2 mm on the
   *   seventh day, still within RAW → no irrigation needed in the forecast: wait.
   */
  const today = '2026-02-01';
  const week = weatherDays(today, 7, 3);
  const advise = (forecast: DailyWaterInput[]) =>
    adviseIrrigation({
      irrigated: true,
      crop: maize,
      plantingDate: PLANTING,
      soilTexture: 'loam',
      today,
      rootZoneDepletionMm: 92,
      forecast,
    }) as IrrigationSchedule;

  it('says irrigate today before the event and wait after it', () => {
    const before = advise(week);
    expect(before).toMatchObject({ status: 'irrigate', irrigationDate: today, daysUntilIrrigation: 0, depthMm: 30 });
    expect(before.depletionAtIrrigationMm).toBeCloseTo(95.6, 9);

    const after = advise(withRecordedWater(week, { irrigations: [{ date: today, netDepthMm: 25 }], rainReadings: [] }));
    expect(after).toMatchObject({ status: 'not-needed', irrigationDate: null, depthMm: null });
    expect(after.projection[0]?.rootZoneDepletionMm).toBeCloseTo(70.6, 9);
    expect(after.projection[6]?.rootZoneDepletionMm).toBeCloseTo(92.2, 9);
    expect(after.projection[6]?.readilyAvailableWaterMm).toBeCloseTo(93.93, 9);
  });
});

describe('water record inputs', () => {
  it('turns a volume into a depth by the field’s area: 1 mm over 1 ha is 10 m³', () => {
    expect(depthFromVolumeMm(10, 1)).toBe(1);
    expect(depthFromVolumeMm(500, 2)).toBe(25);
    expect(() => depthFromVolumeMm(500, 0)).toThrow(RangeError);
  });

  const event = { fieldId: '7c0a4a5e-1f7e-4d3c-9a51-2b8c6e0d9f11', irrigationDate: '2026-01-25', method: 'drip' };
  it.each([
    [{ depthMm: 0 }, 'at least 0.01 mm'],
    [{ depthMm: 1e-320 }, 'at least 0.01 mm'],
    [{ depthMm: 200.5 }, 'at most 200 mm'],
    [{}, 'depth in mm or the volume in m³'],
    [{ depthMm: 25, volumeM3: 250 }, 'not both'],
    [{ depthMm: 25, method: 'flood' }, 'furrow, sprinkler, drip, pivot, bucket'],
  ])('refuses the irrigation %j', (extra, message) => {
    const parsed = irrigationEventCreateSchema.safeParse({ ...event, ...extra });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });

  it('keeps a 200 mm irrigation and a dry gauge, refuses negative rain', () => {
    expect(irrigationEventCreateSchema.safeParse({ ...event, depthMm: 200 }).success).toBe(true);
    const reading = { fieldId: event.fieldId, readingDate: '2026-01-25' };
    expect(rainReadingCreateSchema.safeParse({ ...reading, rainMm: 0 }).success).toBe(true);
    expect(rainReadingCreateSchema.safeParse({ ...reading, rainMm: -1 }).error?.issues[0]?.message).toBe('Rain cannot be negative.');
  });

  it('keeps dates inside the field’s season and not in the future', () => {
    const field = { plantingDate: '2025-11-01', harvestDate: null, cropType: 'maize-grain' };
    const today = '2026-02-01';
    expect(waterRecordDateProblem('2026-01-25', field, today)).toBeNull();
    expect(waterRecordDateProblem('2026-02-02', field, today)).toBeNull(); // a day of slack for time zones
    expect(waterRecordDateProblem('2026-02-03', field, today)).toBe('The date cannot be in the future.');
    expect(waterRecordDateProblem('2025-10-31', field, today)).toMatch(/^This is before the field was planted \(2025-11-01\)/);
    expect(waterRecordDateProblem('2026-01-20', { ...field, harvestDate: '2026-01-15' }, today)).toMatch(
      /^This is after the field's season ended \(2026-01-15\)/,
    );
    expect(waterRecordDateProblem('2026-01-25', { ...field, plantingDate: null }, today)).toMatch(/planting date first/);
  });
});
