import { describe, expect, it } from 'vitest';
import { bulkMonthlyPriceUsd, farmMonthlyPriceUsd } from './pricing.ts';

describe('pricing (spec §1)', () => {
  it.each([
    [0.5, 10],
    [5, 10],
    [10, 12.5],
    [20, 17.5],
    [50, 32.5],
  ])('%d ha costs $%d a month', (hectares, usd) => expect(farmMonthlyPriceUsd(hectares)).toBe(usd));

  it('charges $7 a farm from 500 farms, and has no bulk price below', () => {
    expect(bulkMonthlyPriceUsd(500)).toBe(3500);
    expect(bulkMonthlyPriceUsd(499)).toBeNull();
  });
});
