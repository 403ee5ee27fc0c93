import { describe, expect, it } from 'vitest';
import { bulkMonthlyPriceUsd, farmMonthlyPriceUsd, organisationMonthlyPrice } from './pricing.ts';

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

  it('prices an organisation farm by farm below 500 farms, and at $7 a farm from 500', () => {
    expect(organisationMonthlyPrice([5, 10, 20, 50])).toEqual({ plan: 'farm', farms: 4, hectares: 85, monthlyUsd: 72.5 });
    expect(organisationMonthlyPrice(Array(499).fill(5))).toMatchObject({ plan: 'farm', monthlyUsd: 4990 });
    expect(organisationMonthlyPrice(Array(500).fill(5))).toMatchObject({ plan: 'bulk', monthlyUsd: 3500 });
    expect(organisationMonthlyPrice(Array(501).fill(50))).toMatchObject({ plan: 'bulk', farms: 501, hectares: 25050, monthlyUsd: 3507 });
  });

  it('counts a farm without fields yet at the base price, and rounds each farm to the cent', () => {
    expect(organisationMonthlyPrice([])).toEqual({ plan: 'farm', farms: 0, hectares: 0, monthlyUsd: 0 });
    expect(organisationMonthlyPrice([0]).monthlyUsd).toBe(10);
    // 7.333 ha: $10 + 2.333 ha × $0.50 = $11.1665, charged $11.17; three such farms $33.51.
    expect(organisationMonthlyPrice([7.333, 7.333, 7.333]).monthlyUsd).toBe(33.51);
  });
});
