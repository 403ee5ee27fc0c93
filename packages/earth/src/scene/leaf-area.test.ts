import { describe, expect, it } from 'vitest';
import { empiricalLai, EMPIRICAL_LAI_MAX, saviL01 } from './leaf-area.ts';

describe('empirical leaf area index', () => {
  it('follows −ln((0.69 − SAVI) / 0.59) / 0.91', () => {
    expect(empiricalLai(0.4)).toBeCloseTo(-Math.log(0.29 / 0.59) / 0.91, 10); // 0.78
    expect(empiricalLai(0.6)).toBeCloseTo(-Math.log(0.09 / 0.59) / 0.91, 10); // 2.07
  });

  it('is 0 on bare soil, capped at 6 where the relation saturates, NaN without data', () => {
    expect(empiricalLai(0.05)).toBe(0);
    expect(empiricalLai(0.69)).toBe(EMPIRICAL_LAI_MAX);
    expect(empiricalLai(0.6899999)).toBe(EMPIRICAL_LAI_MAX);
    expect(Number.isNaN(empiricalLai(Number.NaN))).toBe(true);
  });

  it('uses SAVI with L = 0.1', () => {
    expect(saviL01(0.4, 0.04)).toBeCloseTo((1.1 * 0.36) / 0.54, 10);
  });
});
