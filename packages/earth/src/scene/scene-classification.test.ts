import { describe, expect, it } from 'vitest';
import { isClear, summariseClear } from './scene-classification.ts';

describe('scene classification masks (science brief §1.4)', () => {
  it('masks no data, saturation, cloud shadow, clouds, cirrus and snow; keeps vegetation, bare soil and water', () => {
    expect([0, 1, 3, 8, 9, 10, 11].map((scl) => isClear(scl))).toEqual(Array(7).fill(false));
    expect([2, 4, 5, 6, 7].map((scl) => isClear(scl))).toEqual(Array(5).fill(true));
    expect([2, 7].map((scl) => isClear(scl, { conservative: true }))).toEqual([false, false]);
  });

  it('judges a field usable by its own coverage-weighted clear share (80 %), with the reasons for the rest', () => {
    // Ten pixels; the last two are half inside the field. Cloud on one full pixel and one half pixel.
    const scl = [4, 4, 4, 4, 4, 4, 4, 9, 4, 9];
    const weights = [1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0.5];
    const summary = summariseClear(scl, weights);
    expect(summary.clearFraction).toBeCloseTo(7.5 / 9, 10);
    expect(summary.maskedShare.cloud).toBeCloseTo(1.5 / 9, 10);
    expect(summary.usable).toBe(true);
    expect(summariseClear([4, 3, 8, 4], [1, 1, 1, 1])).toMatchObject({ clearFraction: 0.5, usable: false });
    expect(summariseClear([4], [0])).toMatchObject({ clearFraction: 0, usable: false });
  });
});
