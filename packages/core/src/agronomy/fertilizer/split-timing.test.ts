import { describe, expect, it } from 'vitest';
import { findCropType } from '../../crops/crop-catalogue.ts';
import { fertilizerProfileFor, type FertilizerCropProfile } from './crop-nutrient-profiles.ts';
import { basalNutrientTargets, eventTiming, fertilizerTimeline, topDressSplits } from './split-timing.ts';

const entry = (id: string) => {
  const cropType = findCropType(id);
  if (!cropType) throw new Error(`missing catalogue entry ${id}`);
  return { cropType, profile: fertilizerProfileFor(cropType) as FertilizerCropProfile };
};

describe('fertilizer timeline', () => {
  it('maize grain: top-dress at V6–V8 ≈ days 30–40 (end of the FAO-56 initial stage + 10), cut-off at tasselling day 80', () => {
    const { cropType, profile } = entry('maize-grain-late');
    const timeline = fertilizerTimeline(profile, cropType.stageLengthsDays, 'loam');
    expect(timeline.basal).toEqual({ fromDay: 0, toDay: 14 });
    expect(timeline.topDresses).toEqual([{ fromDay: 30, toDay: 40 }]);
    expect(timeline.lateSeasonStartDay).toBe(80);
    expect(timeline.explanation.join(' ')).toMatch(/V6–V8 ≈ 30–40 days after planting, an estimate: .*so count the leaves\./);
  });

  it('follows the maturity class: early maize tops up sooner', () => {
    const { cropType, profile } = entry('maize-grain-early');
    expect(fertilizerTimeline(profile, cropType.stageLengthsDays, 'loam').topDresses).toEqual([{ fromDay: 20, toDay: 30 }]);
  });

  it('maize on sand: a second top-dress three weeks later, before tasselling', () => {
    const { cropType, profile } = entry('maize-grain-late');
    const timeline = fertilizerTimeline(profile, cropType.stageLengthsDays, 'sand');
    expect(timeline.topDresses).toEqual([
      { fromDay: 30, toDay: 40 },
      { fromDay: 51, toDay: 61 },
    ]);
    expect(profile.plantingNitrogenShare('sand').value).toBeLessThan(profile.plantingNitrogenShare('loam').value);
  });

  it('soybean has no top-dress window', () => {
    const { cropType, profile } = entry('soybean');
    expect(fertilizerTimeline(profile, cropType.stageLengthsDays, 'loam').topDresses).toEqual([]);
  });
});

describe('event timing', () => {
  const window = { fromDay: 30, toDay: 40 };
  it.each([
    [null, 'upcoming'],
    [29, 'upcoming'],
    [30, 'due-now'],
    [40, 'due-now'],
    [41, 'late'],
    [79, 'late'],
    [80, 'missed'],
  ] as const)('day %s is %s', (day, timing) => expect(eventTiming(window, day, 80)).toBe(timing));
});

describe('splitting the N', () => {
  const { cropType, profile } = entry('maize-grain-late');
  const sandy = fertilizerTimeline(profile, cropType.stageLengthsDays, 'sand');
  const loam = fertilizerTimeline(profile, cropType.stageLengthsDays, 'loam');
  const still = { nitrogenKgPerHa: 120, phosphateKgPerHa: 40, potashKgPerHa: 30 };

  it('at planting: all P and K and the planting share of N; after the basal window, no N at "planting"', () => {
    expect(basalNutrientTargets(still, 1 / 3, loam, 0)).toEqual({ nitrogenKgPerHa: 40, phosphateKgPerHa: 40, potashKgPerHa: 30 });
    expect(basalNutrientTargets(still, 1 / 3, loam, 20).nitrogenKgPerHa).toBe(0);
  });

  it('on sand the top-dress N is halved between two dates, and folded into the second once it has opened', () => {
    expect(topDressSplits(90, sandy, 10).map((split) => split.nitrogenKgPerHa)).toEqual([45, 45]);
    expect(topDressSplits(90, sandy, 55)).toEqual([{ number: 2, window: { fromDay: 51, toDay: 61 }, nitrogenKgPerHa: 90 }]);
    expect(topDressSplits(90, loam, 10)).toHaveLength(1);
    expect(topDressSplits(0, loam, 10)).toEqual([]);
  });
});
