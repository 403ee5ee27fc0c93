import { describe, expect, it } from 'vitest';
import { uniform } from '../demo/seeded-noise.ts';
import { weightedKMeans1d } from './kmeans.ts';

/** `count` values around each mode (± spread), interleaved so no class lines up with the input order. */
function modes(centres: number[], count: number, spread: number, seed = 7) {
  const values: number[] = [];
  const modeOf: number[] = [];
  for (let i = 0; i < count; i++) {
    for (const [m, centre] of centres.entries()) {
      values.push(centre + (uniform(seed, i, m) * 2 - 1) * spread);
      modeOf.push(m);
    }
  }
  return { values: Float32Array.from(values), modeOf };
}

describe('weighted 1-D k-means', () => {
  it('separates a trimodal field into its three modes, classes ordered low to high', () => {
    // Modes given high first: the class numbers must follow the values, not the input.
    const { values, modeOf } = modes([0.8, 0.2, 0.5], 200, 0.08);
    const result = weightedKMeans1d(values, new Float64Array(values.length).fill(1), 3);
    expect(result.converged).toBe(true);
    expect(result.centroids[0]).toBeCloseTo(0.2, 1);
    expect(result.centroids[1]).toBeCloseTo(0.5, 1);
    expect(result.centroids[2]).toBeCloseTo(0.8, 1);
    const classOfMode = [2, 0, 1];
    expect([...result.labels]).toEqual(modeOf.map((m) => classOfMode[m]));
    expect(result.classWeights).toEqual([200, 200, 200]);
  });

  it('never puts both modes of a bimodal field in one class', () => {
    const { values, modeOf } = modes([0.3, 0.75], 300, 0.1);
    for (const k of [2, 3, 4, 5]) {
      const { labels } = weightedKMeans1d(values, new Float64Array(values.length).fill(1), k);
      for (let c = 0; c < k; c++) {
        const modesInClass = new Set(modeOf.filter((_, i) => labels[i] === c));
        expect(modesInClass.size).toBeLessThanOrEqual(1);
      }
      if (k === 2) expect([...labels]).toEqual(modeOf);
    }
  });

  it('is deterministic and does not depend on the order of the pixels', () => {
    const { values } = modes([0.2, 0.45, 0.7], 150, 0.2);
    const weights = Float64Array.from(values, (_, i) => 0.2 + uniform(3, i) * 0.8);
    const first = weightedKMeans1d(values, weights, 4);
    expect(weightedKMeans1d(values, weights, 4)).toEqual(first);
    const order = [...values.keys()].reverse();
    const reversed = weightedKMeans1d(
      order.map((i) => values[i]!),
      order.map((i) => weights[i]!),
      4,
    );
    expect(reversed.centroids).toEqual(first.centroids);
    expect(order.map((i) => first.labels[i])).toEqual([...reversed.labels]);
  });

  it('weights each value: a heavy value pulls its class centroid', () => {
    const values = [1, 2, 3, 10, 11, 12, 20, 21, 22];
    const even = weightedKMeans1d(
      values,
      values.map(() => 1),
      3,
    );
    expect(even.centroids).toEqual([2, 11, 21]);
    const heavy = weightedKMeans1d(
      values,
      values.map((value) => (value === 12 ? 100 : 1)),
      3,
    );
    expect([...heavy.labels]).toEqual([...even.labels]);
    expect(heavy.centroids[1]).toBeCloseTo((10 + 11 + 1200) / 102, 12);
    expect(heavy.classWeights).toEqual([3, 102, 3]);
  });

  it('leaves out pixels without a value or weight, and keeps empty classes when values run out', () => {
    const result = weightedKMeans1d([0.4, NaN, 0.4, 0.9, 0.1], [1, 1, 1, 1, 0], 3);
    expect([...result.labels]).toEqual([0, -1, 0, 2, -1]);
    expect(result.classWeights).toEqual([2, 0, 1]);
    expect(() => weightedKMeans1d([NaN], [1], 3)).toThrow(RangeError);
  });
});
