import { describe, expect, it } from 'vitest';
import { findCropType, type CropType } from '../../crops/crop-catalogue.ts';
import {
  adviseIrrigation,
  MATERIAL_WATER_STRESS_KS,
  type IrrigationAdviceOptions,
  type IrrigationSchedule,
  type WaterStressReport,
} from './irrigation-advice.ts';
import type { DailyWaterInput } from './water-balance.ts';

function crop(id: string): CropType {
  const entry = findCropType(id);
  if (!entry) throw new Error(`no catalogue entry ${id}`);
  return entry;
}

const maize = crop('maize-grain'); // 25/40/45/30 days; Kc mid 1.20; Table 22 Zr 1.0–1.7 m (1.0 used), p 0.55

/** Consecutive days from `firstDate`; `rainByDay[i]` overrides the rain of day i. */
function forecast(firstDate: string, count: number, et0Mm: number, rainByDay: Record<number, number> = {}): DailyWaterInput[] {
  const first = Date.parse(`${firstDate}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(first + index * 86_400_000).toISOString().slice(0, 10),
    et0Mm,
    rainMm: rainByDay[index] ?? 0,
  }));
}

// Planted 2025-11-01, so 2026-02-01 is season day 93: mid-season (days 81–140), Kc 1.20, roots at their full 1.0 m.
const PLANTING = '2025-11-01';
const TODAY = '2026-02-01';

/**
 * The dry spell worked by hand. Loam: θFC − θWP = 0.155 (Table 19 midpoint) → TAW = 1000 × 0.155 × 1.0 = 155 mm.
 * ET₀ 5 mm/day × Kc 1.20 → ETc 6 mm/day → p = 0.55 + 0.04(5 − 6) = 0.51 → RAW = 0.51 × 155 = 79.05 mm.
 * From 50 mm at the start of today the end-of-day depletion runs 56, 62, 68, 74, 80 mm: RAW is first reached on
 * the fifth day, today + 4 (2026-02-05), when the soil is 80 mm short — more than one 30 mm application.
 */
const dryMaizeOnLoam: IrrigationAdviceOptions = {
  irrigated: true,
  crop: maize,
  plantingDate: PLANTING,
  soilTexture: 'loam',
  today: TODAY,
  rootZoneDepletionMm: 50,
  forecast: forecast(TODAY, 7, 5),
};

function schedule(options: IrrigationAdviceOptions): IrrigationSchedule {
  const advice = adviseIrrigation(options);
  if (advice.kind !== 'irrigation-schedule') throw new Error('expected an irrigation schedule');
  return advice;
}

describe('irrigation schedule for an irrigated field', () => {
  it('irrigates on exactly the day the depletion first reaches RAW', () => {
    const advice = schedule(dryMaizeOnLoam);
    expect(advice.status).toBe('irrigate');
    expect(advice.irrigationDate).toBe('2026-02-05');
    expect(advice.daysUntilIrrigation).toBe(4);
    expect(advice.depletionAtIrrigationMm).toBeCloseTo(80, 10);
    expect(advice.readilyAvailableWaterMm).toBeCloseTo(79.05, 10);
    // The day before, the soil is still within RAW.
    expect(advice.projection[3]?.rootZoneDepletionMm).toBeCloseTo(74, 10);
    expect(advice.projection[3]?.rootZoneDepletionMm).toBeLessThan(advice.projection[3]?.readilyAvailableWaterMm ?? 0);
  });

  it('recommends the spec’s 20–30 mm per application: 30 mm when 80 mm are missing, 3 applications to refill', () => {
    const advice = schedule(dryMaizeOnLoam);
    expect(advice.depthMm).toBe(30);
    expect(advice.applicationsToRefill).toBe(3);
    expect(advice.reasons.map((reason) => reason.code)).toEqual(['irrigate-when-readily-available-water-used', 'depth-per-application']);
    expect(advice.reasons[0]?.message).toBe(
      'Irrigation is due in 4 days (5 Feb): the soil will be 80 mm short of full, past the 79 mm the crop can use ' +
        'from this loam before it starts to suffer.',
    );
    expect(advice.reasons[1]?.message).toBe(
      'Apply 30 mm (20–30 mm per application, common irrigation advice); about 3 applications would refill the root zone.',
    );
  });

  it('postpones when 15 mm of rain is forecast within 48 hours of the irrigation day', () => {
    // From 78 mm the depletion reaches 84 mm ≥ 79.05 mm at the end of today: due today; 15 mm falls tomorrow.
    const advice = schedule({ ...dryMaizeOnLoam, rootZoneDepletionMm: 78, forecast: forecast(TODAY, 7, 5, { 1: 15 }) });
    expect(advice.status).toBe('postpone');
    expect(advice.irrigationDate).toBe(TODAY);
    expect(advice.daysUntilIrrigation).toBe(0);
    expect(advice.rainExpectedMm).toBe(15);
    expect(advice.reasons[0]).toEqual({
      code: 'postpone-for-rain',
      message:
        'Hold off: 15 mm of rain is forecast from 1 Feb to 2 Feb, and common advice is to wait when more than 10 mm is expected ' +
        'within 48 hours. Check again after the rain.',
    });
  });

  it('does not postpone for 10 mm (the spec says more than 10 mm) or for rain after the 48 hours', () => {
    const tenMm = schedule({ ...dryMaizeOnLoam, rootZoneDepletionMm: 78, forecast: forecast(TODAY, 7, 5, { 1: 10 }) });
    expect(tenMm.status).toBe('irrigate');
    const later = schedule({ ...dryMaizeOnLoam, rootZoneDepletionMm: 78, forecast: forecast(TODAY, 7, 5, { 2: 25 }) });
    expect(later.status).toBe('irrigate');
    expect(later.rainExpectedMm).toBe(0);
  });

  it('moves the date when forecast rain refills the soil first', () => {
    // 20 mm on day 2 (CN 78 sheds 0.4 mm of it) pushes RAW back beyond the end of the 7-day forecast.
    const advice = schedule({ ...dryMaizeOnLoam, forecast: forecast(TODAY, 7, 5, { 2: 20 }) });
    expect(advice.status).toBe('not-needed');
    expect(advice.irrigationDate).toBeNull();
    expect(advice.reasons[0]?.code).toBe('enough-water-in-forecast');
  });

  it('needs no irrigation while the depletion stays within RAW', () => {
    const advice = schedule({ ...dryMaizeOnLoam, rootZoneDepletionMm: 0 });
    expect(advice.status).toBe('not-needed');
    expect(advice.depthMm).toBeNull();
    expect(advice.reasons[0]?.message).toBe(
      'No irrigation needed in the next 7 days: by 7 Feb the soil is expected to be 42 mm short of full, within the ' +
        '79 mm the crop can use without stress on this loam.',
    );
  });

  it('gives the 20 mm minimum on young, shallow roots and says part of it will drain', () => {
    // Planting day: Zr 0.15 m → TAW 23.25 mm; ETc 0.3 × 5 = 1.5 → p 0.69 → RAW 16.0 mm; 15 + 1.5 = 16.5 mm ≥ RAW.
    const advice = schedule({ ...dryMaizeOnLoam, today: PLANTING, rootZoneDepletionMm: 15, forecast: forecast(PLANTING, 7, 5) });
    expect(advice.status).toBe('irrigate');
    expect(advice.daysUntilIrrigation).toBe(0);
    expect(advice.depthMm).toBe(20);
    expect(advice.reasons.map((reason) => reason.code)).toContain('depth-exceeds-depletion');
  });

  it('has nothing to advise before planting', () => {
    const advice = schedule({ ...dryMaizeOnLoam, today: '2025-10-01', forecast: forecast('2025-10-01', 7, 5) });
    expect(advice.status).toBe('no-crop-growing');
    expect(advice.reasons[0]?.message).toBe('Nothing to advise yet: the maize (grain) is planted on 1 Nov.');
    const lastSeason = schedule({ ...dryMaizeOnLoam, today: '2026-09-01', forecast: forecast('2026-09-01', 7, 5) });
    expect(lastSeason.reasons[0]?.message).toBe('Nothing to advise: the maize (grain) season (planted 1 Nov 2025) is over.');
  });

  it('says when the soil texture was assumed', () => {
    const advice = schedule({ ...dryMaizeOnLoam, soilTexture: null });
    expect(advice.irrigationDate).toBe('2026-02-05'); // loam assumed: same as above
    expect(advice.reasons).toContainEqual({
      code: 'soil-assumption',
      message: 'No soil texture is recorded for this field, so loam was assumed.',
    });
  });

  it('needs a forecast that starts today', () => {
    expect(() => adviseIrrigation({ ...dryMaizeOnLoam, forecast: forecast('2026-02-02', 7, 5) })).toThrow(RangeError);
    expect(() => adviseIrrigation({ ...dryMaizeOnLoam, forecast: [] })).toThrow(RangeError);
  });
});

describe('water-stress report for a rain-fed field', () => {
  function report(options: IrrigationAdviceOptions): WaterStressReport {
    const advice = adviseIrrigation(options);
    if (advice.kind !== 'water-stress-report') throw new Error('expected a water-stress report');
    return advice;
  }

  it('reports stress instead of a schedule', () => {
    const advice = adviseIrrigation({ ...dryMaizeOnLoam, irrigated: false });
    expect(advice.kind).toBe('water-stress-report');
    expect(advice).not.toHaveProperty('irrigationDate');
    expect(advice).not.toHaveProperty('depthMm');
  });

  it('does not call the crop short of water when Ks only dips just below 1', () => {
    // End-of-day depletion 56 … 80 mm; the day starting at 80 mm (> RAW 79.05) has Ks = 75 / 75.95 = 0.99, the next
    // starts at 80 + 6 × 0.99 = 85.9 mm, Ks = 69.1 / 75.95 = 0.91: both above the 0.9 that counts as material.
    const advice = report({ ...dryMaizeOnLoam, irrigated: false });
    expect(advice.projection[5]?.ks).toBeCloseTo(75 / 75.95, 3);
    expect(advice.projection[6]?.ks).toBeGreaterThan(MATERIAL_WATER_STRESS_KS);
    expect(advice.ksToday).toBe(1);
    expect(advice.stressedToday).toBe(false);
    expect(advice.daysUntilStress).toBeNull();
    expect(advice.expectedStressDays).toBe(0);
    expect(advice.reasons.map((reason) => reason.message).join(' ')).not.toMatch(/short of water|stress expected from/);
    expect(advice.reasons[0]?.message).toBe('No water stress expected in the next 7 days with the forecast rain.');
  });

  it('counts the days until material stress and the stress days in the forecast', () => {
    // From 60 mm: 66, 72, 78, then the day starting at 78 mm ends at 84; Ks 71 / 75.95 = 0.935 → ends at 84 + 5.61 =
    // 89.6 mm; the next day starts with Ks 65.4 / 75.95 = 0.861 < 0.9 (today + 5), and today + 6 lower still.
    const advice = report({ ...dryMaizeOnLoam, irrigated: false, rootZoneDepletionMm: 60 });
    expect(advice.projection[4]?.ks).toBeCloseTo(71 / 75.95, 3);
    expect(advice.projection[5]?.ks).toBeLessThan(MATERIAL_WATER_STRESS_KS);
    expect(advice.stressedToday).toBe(false);
    expect(advice.daysUntilStress).toBe(5);
    expect(advice.expectedStressDays).toBe(2);
    expect(advice.reasons[0]?.message).toBe(
      'Water stress expected from 6 Feb (in 5 days) unless more rain falls than forecast: 2 of the next 7 days below 90 % of ' +
        'the water the crop needs.',
    );
  });

  it('gives Ks today from Eq. 84 when the crop is already short of water', () => {
    // 120 mm depleted: Ks = (155 − 120) / (155 − 79.05) = 0.461.
    const advice = report({ ...dryMaizeOnLoam, irrigated: false, rootZoneDepletionMm: 120 });
    expect(advice.ksToday).toBeCloseTo(35 / 75.95, 10);
    expect(advice.stressedToday).toBe(true);
    expect(advice.daysUntilStress).toBe(0);
    expect(advice.expectedStressDays).toBe(7);
    expect(advice.reasons[0]).toEqual({
      code: 'stress-today',
      message:
        'The crop is short of water today: the soil is 120 mm short of full on this loam, so the crop can take up only ' +
        'about 46 % of the water it needs (FAO-56 Ks 0.46).',
    });
  });

  it('says a slight dip below the easy water is not yet a shortage', () => {
    // 82 mm depleted this morning: Ks = 73 / 75.95 = 0.96 today; 25 mm of rain tomorrow and 20 mm on day 4 keep the
    // rest of the week within RAW.
    const rain = forecast(TODAY, 7, 5, { 1: 25, 4: 20 });
    const advice = report({ ...dryMaizeOnLoam, irrigated: false, rootZoneDepletionMm: 82, forecast: rain });
    expect(advice.ksToday).toBeCloseTo(73 / 75.95, 10);
    expect(advice.stressedToday).toBe(false);
    expect(advice.daysUntilStress).toBeNull();
    expect(advice.projection.slice(1).every((day) => day.ks === 1)).toBe(true);
    expect(advice.reasons[0]?.message).toBe(
      'No real water stress expected in the next 7 days with the forecast rain. The soil has dried a little past the easy ' +
        'water, so the crop can take up about 96 % of the water it needs (FAO-56 Ks 0.96); we say short of water below 90 %.',
    );
  });

  it('reports no stress when the forecast keeps the soil within RAW', () => {
    const advice = report({ ...dryMaizeOnLoam, irrigated: false, rootZoneDepletionMm: 0 });
    expect(advice.daysUntilStress).toBeNull();
    expect(advice.expectedStressDays).toBe(0);
    expect(advice.reasons[0]?.code).toBe('no-stress-expected');
  });
});
