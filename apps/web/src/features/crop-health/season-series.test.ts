import { describe, expect, it } from 'vitest';
import type { FieldScene } from './scene-choice.ts';
import { sceneIndexOnDate, seasonSeries } from './season-series.ts';

const scene = (date: string, sceneId: string, usable: boolean, mean: number | null): FieldScene => ({
  date,
  datetime: `${date}T08:00:00Z`,
  sceneId,
  source: 'earth-search',
  sceneCloudCoverPct: null,
  clearShare: usable ? 1 : 0.1,
  usable,
  reason: usable ? null : 'too-cloudy',
  mean,
  p10: mean === null ? null : mean - 0.1,
  p90: mean === null ? null : mean + 0.1,
  simulated: false,
});

describe('the season as the chart draws it', () => {
  it('gives one point per day, the usable scene speaking for a day with two, and gaps on cloudy days', () => {
    const scenes = [
      scene('2026-01-01', 'a', true, 0.4),
      scene('2026-01-06', 'b1', false, null),
      scene('2026-01-06', 'b2', true, 0.5),
      scene('2026-01-11', 'c', false, 0.9), // a value on an unusable scene is not a reading
    ];
    const series = seasonSeries(scenes);
    expect(series.dates).toEqual(['2026-01-01', '2026-01-06', '2026-01-11']);
    expect(series.mean).toEqual([0.4, 0.5, null]);
    expect(series.p10[1]).toBeCloseTo(0.4);
    expect(series.p90[2]).toBeNull();
    expect(series.unusableDates).toEqual(['2026-01-11']);
  });

  it('maps a clicked day to its usable scene, else the first of the day, else nothing', () => {
    const scenes = [scene('2026-01-06', 'b1', false, null), scene('2026-01-06', 'b2', true, 0.5), scene('2026-01-11', 'c', false, null)];
    expect(sceneIndexOnDate(scenes, '2026-01-06')).toBe(1);
    expect(sceneIndexOnDate(scenes, '2026-01-11')).toBe(2);
    expect(sceneIndexOnDate(scenes, '2026-02-01')).toBeNull();
  });
});
