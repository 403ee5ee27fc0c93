import { describe, expect, it } from 'vitest';
import irrigationSchedule from '../analysis-results/fixtures/irrigation-schedule-result.json';
import waterStress from '../analysis-results/fixtures/irrigation-water-stress-result.json';
import health from '../analysis-results/fixtures/health-result.json';
import type { HealthResult, IrrigationResult } from '../analysis-results/index.ts';
import { digestWaterText, fieldStatusLine, healthFactsOf, smsWaterText, waterGapOf, waterOutlookOf } from './field-status.ts';

const TODAY = '2026-11-27';
const schedule = (change: object) =>
  ({ ...irrigationSchedule, advice: { ...irrigationSchedule.advice, ...change } }) as unknown as IrrigationResult;
const stressReport = (change: object) => ({ ...waterStress, advice: { ...waterStress.advice, ...change } }) as unknown as IrrigationResult;

describe("a field's water outlook", () => {
  it.each([
    [
      schedule({ status: 'irrigate', irrigationDate: '2026-11-27', depthMm: 25 }),
      'Water: irrigate 25mm today',
      'Irrigate 25 mm on Fri 27 Nov.',
    ],
    [
      schedule({ status: 'irrigate', irrigationDate: '2026-11-30', depthMm: 30 }),
      'Water: irrigate 30mm Mon',
      'Irrigate 30 mm on Mon 30 Nov.',
    ],
    [
      schedule({ status: 'postpone', rainExpectedMm: 18.4 }),
      'Water: wait, 18mm rain due',
      'Hold irrigation: 18 mm of rain is expected within 48 hours.',
    ],
    [schedule({ status: 'not-needed' }), 'Water: enough for 7 days', 'No irrigation needed in the next 7 days.'],
    [stressReport({ cropGrowing: true, stressedToday: true }), 'Water: crop stressed now', 'The crop is short of water now.'],
    [
      stressReport({ cropGrowing: true, stressedToday: false, daysUntilStress: 3 }),
      'Water: stress in 3 days',
      'The crop will be short of water in 3 days unless it rains.',
    ],
    [
      stressReport({ cropGrowing: true, stressedToday: false, daysUntilStress: null }),
      'Water: no stress expected',
      'No water stress expected in the next 7 days.',
    ],
    [null, 'Water: no advice yet', 'No water advice yet.'],
  ])('is worded for SMS and the digest alike', (result, sms, digest) => {
    const outlook = waterOutlookOf(result);
    expect(smsWaterText(outlook, 'en', TODAY)).toBe(sms);
    expect(digestWaterText(outlook, 'en', TODAY)).toBe(digest);
  });

  it('names what is missing when there is no advice, never the crop and planting date of a field that has both', () => {
    const planted = { cropType: 'maize-grain', plantingDate: '2026-10-01' };
    const at = (iso: string) => new Date(iso);
    const text = (gap: ReturnType<typeof waterGapOf>) => digestWaterText(waterOutlookOf(null, gap), 'en', TODAY);
    expect(text(waterGapOf(planted, undefined, undefined))).toBe('No water advice yet: the irrigation analysis has not run.');
    expect(text(waterGapOf({ ...planted, cropType: null }, undefined, undefined))).toBe('No water advice yet: add the crop to this field.');
    expect(text(waterGapOf({ ...planted, plantingDate: null }, undefined, undefined))).toBe(
      'No water advice yet: add the planting date to this field.',
    );
    expect(text(waterGapOf(planted, { status: 'running', error: null, requestedAt: at('2026-11-25T10:00:00Z') }, undefined))).toBe(
      'The irrigation analysis is running now.',
    );
    const failed = { status: 'failed', error: 'Weather is unavailable right now.', requestedAt: at('2026-11-25T10:00:00Z') };
    expect(text(waterGapOf(planted, failed, undefined))).toBe(
      'No water advice: the last irrigation analysis failed. Weather is unavailable right now.',
    );
    // Advice there, an older failure: nothing missing.
    expect(waterGapOf(planted, failed, { requestedAt: at('2026-11-25T11:00:00Z') })).toBeUndefined();
  });
});

describe("a field's status line", () => {
  it('puts health, water and the most severe action in one plain-text line', () => {
    const line = fieldStatusLine(
      {
        name: 'Kwacha 3 — north',
        health: healthFactsOf(health as unknown as HealthResult),
        water: waterOutlookOf(schedule({ status: 'irrigate', irrigationDate: '2026-11-28', depthMm: 25 })),
        actions: [
          { severity: 'info', text: 'Check lower leaves in 2 weeks.' },
          { severity: 'critical', text: 'Irrigate lightly before the night.' },
        ],
      },
      'en',
      TODAY,
    );
    expect(line).toBe(
      'Kwacha 3 - north: healthy, NDVI 0.7 (25 Nov). Water: irrigate 25mm tomorrow. Next: Irrigate lightly before the night',
    );
  });

  it('fits a long field name and action into the characters given, keeping the start of each', () => {
    const facts = {
      name: 'Kwacha north-east block behind the dip tank, by the river, planted with maize after soybean in the old orchard',
      health: healthFactsOf(health as unknown as HealthResult),
      water: waterOutlookOf(schedule({ status: 'irrigate', irrigationDate: '2026-11-28', depthMm: 25 })),
      actions: [
        { severity: 'warning' as const, text: 'Scout whorls for eggs and larvae, and walk every row of the field twice before noon.' },
      ],
    };
    const full = fieldStatusLine(facts, 'en', TODAY);
    expect(full.length).toBeGreaterThan(178);
    const line = fieldStatusLine(facts, 'en', TODAY, 178);
    expect(line.length).toBeLessThanOrEqual(178);
    expect(line).toMatch(
      /^Kwacha north-east block.*\.\.\.: healthy, NDVI 0\.7 \(25 Nov\)\. Water: irrigate 25mm tomorrow\. Next: Scout whorls/,
    );
    // A line that fits is not touched.
    expect(fieldStatusLine({ ...facts, name: 'Block B', actions: [] }, 'en', TODAY, 178)).toBe(
      'Block B: healthy, NDVI 0.7 (25 Nov). Water: irrigate 25mm tomorrow. Next: nothing urgent',
    );
  });

  it('shortens the action once the name is as short as it may be', () => {
    const line = fieldStatusLine(
      {
        name: 'A field whose name is long enough to be cut',
        health: null,
        water: { kind: 'none' },
        actions: [{ severity: 'critical', text: 'Irrigate lightly before the night, and again at dawn if the frost is still forecast.' }],
      },
      'en',
      TODAY,
      100,
    );
    expect(line).toBe('A field whose nam...: no clear satellite image yet. Water: no advice yet. Next: Irrigate lightly...');
    expect(line.length).toBeLessThanOrEqual(100);
  });

  it('says when there is no clear image and nothing to do', () => {
    expect(fieldStatusLine({ name: 'Block B', health: null, water: { kind: 'none' }, actions: [] }, 'en', TODAY)).toBe(
      'Block B: no clear satellite image yet. Water: no advice yet. Next: nothing urgent',
    );
  });
});
