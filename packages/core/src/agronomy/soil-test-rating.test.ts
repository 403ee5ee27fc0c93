import { describe, expect, it } from 'vitest';
import { rateNutrientPpm, ratePh, rateSoilTest } from './soil-test-rating.ts';

describe('soil test ratings (spec §9 guides)', () => {
  it.each([
    [0, 'low'],
    [19.9, 'low'],
    [20, 'medium'],
    [40, 'medium'],
    [40.1, 'high'],
  ] as const)('nitrogen %d ppm is %s', (ppm, level) => expect(rateNutrientPpm('nitrogen', ppm)).toBe(level));

  it.each([
    [14.9, 'low'],
    [15, 'medium'],
    [30, 'medium'],
    [30.1, 'high'],
  ] as const)('phosphorus %d ppm is %s', (ppm, level) => expect(rateNutrientPpm('phosphorus', ppm)).toBe(level));

  it.each([
    [99.9, 'low'],
    [100, 'medium'],
    [200, 'medium'],
    [200.1, 'high'],
  ] as const)('potassium %d ppm is %s', (ppm, level) => expect(rateNutrientPpm('potassium', ppm)).toBe(level));

  it.each([
    [4.5, 'acidic'],
    [5.99, 'acidic'],
    [6, 'optimal'],
    [6.5, 'optimal'],
    [7, 'optimal'],
    [7.01, 'alkaline'],
    [8.2, 'alkaline'],
  ] as const)('pH %d is %s', (ph, level) => expect(ratePh(ph)).toBe(level));

  it('rates a whole test in ppm', () => {
    expect(rateSoilTest({ unit: 'ppm', nitrogen: 12, phosphorus: 22, potassium: 250, ph: 5.4 })).toEqual({
      nitrogen: 'low',
      phosphorus: 'medium',
      potassium: 'high',
      ph: 'acidic',
      unrated: { nitrogen: null, phosphorus: null, potassium: null },
    });
  });

  it('leaves missing readings unrated and says why', () => {
    const rating = rateSoilTest({ unit: 'ppm', nitrogen: null, potassium: 150 });
    expect(rating.nitrogen).toBeNull();
    expect(rating.phosphorus).toBeNull();
    expect(rating.potassium).toBe('medium');
    expect(rating.ph).toBeNull();
    expect(rating.unrated).toEqual({ nitrogen: 'not-measured', phosphorus: 'not-measured', potassium: null });
  });

  it('does not rate N, P and K given in %, but still rates pH', () => {
    const rating = rateSoilTest({ unit: '%', nitrogen: 0.15, phosphorus: 0.02, potassium: null, ph: 6.8 });
    expect(rating).toMatchObject({ nitrogen: null, phosphorus: null, potassium: null, ph: 'optimal' });
    expect(rating.unrated).toEqual({ nitrogen: 'unit-not-ppm', phosphorus: 'unit-not-ppm', potassium: 'not-measured' });
  });

  it('ignores values that are not finite numbers', () => {
    const rating = rateSoilTest({ unit: 'ppm', nitrogen: Number.NaN, ph: Number.POSITIVE_INFINITY });
    expect(rating.nitrogen).toBeNull();
    expect(rating.unrated.nitrogen).toBe('not-measured');
    expect(rating.ph).toBeNull();
  });
});
