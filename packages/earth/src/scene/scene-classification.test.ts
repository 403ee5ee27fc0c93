import { describe, expect, it } from 'vitest';
import { isClear, sclMaskReason, summariseClear, summariseMask } from './scene-classification.ts';

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

describe('clear share from any sensor’s mask', () => {
  it('counts each masked pixel under the reason the sensor gives, weighted by coverage', () => {
    const reasonOf = (value: number) => (value === 0 ? null : value === 1 ? ('cloud' as const) : ('noData' as const));
    const summary = summariseMask([0, 0, 1, 2], [1, 1, 1, 0.5], reasonOf);
    expect(summary.clearFraction).toBeCloseTo(2 / 3.5, 10);
    expect(summary.maskedShare).toMatchObject({ cloud: 1 / 3.5, noData: 0.5 / 3.5, shadow: 0 });
    expect(summary.usable).toBe(false);
  });

  it('gives the SCL reason per class, null for clear classes', () => {
    expect([4, 6, 0, 1, 3, 8, 10, 11].map((scl) => sclMaskReason(scl))).toEqual([
      null,
      null,
      'noData',
      'saturated',
      'shadow',
      'cloud',
      'cirrus',
      'snow',
    ]);
    expect(sclMaskReason(7, { conservative: true })).toBe('other');
  });
});
