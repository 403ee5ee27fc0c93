import { describe, expect, it } from 'vitest';
import { zonalStatistics } from './zonal-statistics.ts';

describe('zonal statistics', () => {
  it('weights each pixel by its coverage and leaves masked pixels out', () => {
    // Four whole pixels and two half pixels; one whole pixel is masked (NaN).
    const values = [0.2, 0.4, 0.6, Number.NaN, 0.8, 1.0];
    const coverage = [1, 1, 1, 1, 0.5, 0.5];
    const stats = zonalStatistics(values, coverage);
    const expectedMean = (0.2 + 0.4 + 0.6 + 0.5 * 0.8 + 0.5 * 1.0) / 4;
    expect(stats.mean).toBeCloseTo(expectedMean, 12);
    expect(stats.coveredPixels).toBe(5);
    expect(stats.validFraction).toBeCloseTo(4 / 5, 12);
    expect(stats.pixelCount).toBe(5);
    const variance = (0.2 - expectedMean) ** 2 + (0.4 - expectedMean) ** 2 + (0.6 - expectedMean) ** 2;
    const halves = 0.5 * (0.8 - expectedMean) ** 2 + 0.5 * (1.0 - expectedMean) ** 2;
    expect(stats.std).toBeCloseTo(Math.sqrt((variance + halves) / 4), 12);
  });

  it('gives weighted quantiles: median, p10 and p90', () => {
    const values = Array.from({ length: 10 }, (_, i) => (i + 1) / 10); // 0.1 … 1.0
    const stats = zonalStatistics(values, Array(10).fill(1));
    expect([stats.p10, stats.median, stats.p90]).toEqual([0.1, 0.5, 0.9]);
    // A heavy pixel pulls the median to itself.
    const heavy = zonalStatistics([0.1, 0.2, 0.9], [0.2, 0.2, 1]);
    expect(heavy.median).toBe(0.9);
  });

  it('reports no statistics, not zeros, when no pixel has a value', () => {
    expect(zonalStatistics([Number.NaN, Number.NaN], [1, 0.4])).toEqual({
      mean: null,
      median: null,
      p10: null,
      p90: null,
      std: null,
      validFraction: 0,
      pixelCount: 0,
      coveredPixels: 1.4,
    });
  });

  it('leaves out values that are not numbers (±Infinity as NaN), and gives nulls when nothing is left', () => {
    const stats = zonalStatistics([Number.POSITIVE_INFINITY, 0.5, Number.NEGATIVE_INFINITY], [1, 1, 1]);
    expect(stats).toMatchObject({ mean: 0.5, median: 0.5, std: 0, pixelCount: 1 });
    expect(stats.validFraction).toBeCloseTo(1 / 3, 12);
    expect(zonalStatistics([Number.POSITIVE_INFINITY], [1])).toMatchObject({ mean: null, std: null, pixelCount: 0 });
  });

  it('gives nulls for a window the field does not cover, and refuses arrays of different lengths', () => {
    expect(zonalStatistics([0.4, 0.5], [0, 0])).toEqual({
      mean: null,
      median: null,
      p10: null,
      p90: null,
      std: null,
      validFraction: 0,
      pixelCount: 0,
      coveredPixels: 0,
    });
    expect(() => zonalStatistics([0.4], [1, 1])).toThrow(RangeError);
  });

  it('agrees with a plain sort of (value, weight) pairs on random fields with edge pixels, small and large, with ties', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 80; trial++) {
      // Small fields are mostly rim; large ones mostly whole pixels, of which only the ranks near each quantile are sorted.
      const large = trial >= 50;
      const n = 1 + Math.floor(random() * (large ? 20_000 : 300));
      const rounding = large && trial % 2 === 0 ? 1_000 : 100;
      const values = Array.from({ length: n }, () => (random() < 0.1 ? Number.NaN : Math.round(random() * rounding) / rounding));
      const coverage = Array.from({ length: n }, () => (random() < (large ? 0.04 : 0.3) ? random() : 1));
      const pairs = values
        .flatMap((value, i) => (Number.isNaN(value) ? [] : [{ value, weight: coverage[i]! }]))
        .sort((a, b) => a.value - b.value);
      const total = pairs.reduce((sum, pair) => sum + pair.weight, 0);
      const quantile = (q: number) => {
        let cumulative = 0;
        for (const pair of pairs) if ((cumulative += pair.weight) >= q * total - 1e-12) return pair.value;
        return pairs.at(-1)?.value ?? null;
      };
      const stats = zonalStatistics(values, coverage);
      expect([stats.p10, stats.median, stats.p90]).toEqual(
        pairs.length ? [quantile(0.1), quantile(0.5), quantile(0.9)] : [null, null, null],
      );
    }
  });
});
