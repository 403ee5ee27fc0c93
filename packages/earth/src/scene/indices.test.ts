import { describe, expect, it } from 'vitest';
import { computeIndex } from './indices.ts';

describe('indices (science brief §2)', () => {
  // A green maize canopy: blue 0.03, green 0.06, red 0.04, red edge 0.12, NIR 0.40, narrow NIR 0.41, SWIR 0.20.
  const canopy = { blue: [0.03], green: [0.06], red: [0.04], rededge1: [0.12], nir: [0.4], nir08: [0.41], swir16: [0.2] };

  it.each([
    ['ndvi', (0.4 - 0.04) / (0.4 + 0.04)],
    ['ndmi', (0.41 - 0.2) / (0.41 + 0.2)],
    ['ndwiMcFeeters', (0.06 - 0.4) / (0.06 + 0.4)],
    ['ndre', (0.41 - 0.12) / (0.41 + 0.12)],
    ['evi', (2.5 * (0.4 - 0.04)) / (0.4 + 6 * 0.04 - 7.5 * 0.03 + 1)],
    ['savi', (1.5 * (0.4 - 0.04)) / (0.4 + 0.04 + 0.5)],
  ] as const)('%s of a green canopy', (name, expected) => {
    expect(computeIndex(name, canopy)[0]).toBeCloseTo(expected, 6);
  });

  it('gives NaN where a band is missing or the index is undefined', () => {
    const values = computeIndex('ndvi', { nir: [Number.NaN, 0, 0.3], red: [0.05, 0, 0.1] });
    expect(Number.isNaN(values[0])).toBe(true);
    expect(Number.isNaN(values[1])).toBe(true);
    expect(values[2]).toBeCloseTo(0.5, 6);
    expect(() => computeIndex('evi', { nir: [0.3], red: [0.1] })).toThrow('EVI needs the blue band.');
  });
});
