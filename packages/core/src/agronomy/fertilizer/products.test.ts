import { describe, expect, it } from 'vitest';
import { customFertilizerProduct, FERTILIZER_PRODUCTS, nutrientsSupplied, productQuantity } from './products.ts';

describe('50 kg bag arithmetic', () => {
  it('130 kg/ha urea on 2.5 ha is 325 kg = 6.5 bags, so 7 bags to buy', () => {
    const quantity = productQuantity(130, 2.5);
    expect(quantity.fieldKg).toBe(325);
    expect(quantity.bagsExact).toBe(6.5);
    expect(quantity.bagsToBuy).toBe(7);
    expect(quantity.leftoverKg).toBe(25);
    expect(quantity.summary).toBe('325 kg = 6.5 × 50 kg bags → buy 7 bags (25 kg left over)');
  });

  it.each([
    // rate kg/ha, area ha, field kg, exact bags, bags to buy
    [100, 0.5, 50, 1, 1],
    [243, 2.5, 607.5, 12.15, 13],
    [150, 0.7, 105, 2.1, 3],
    [200, 1, 200, 4, 4],
    [30, 0.5, 15, 0.3, 1],
    [250, 1.1, 275, 5.5, 6],
  ])('%d kg/ha on %d ha = %d kg = %d bags → %d', (rate, area, fieldKg, bagsExact, bagsToBuy) => {
    const quantity = productQuantity(rate, area);
    expect(quantity.fieldKg).toBe(fieldKg);
    expect(quantity.bagsExact).toBe(bagsExact);
    expect(quantity.bagsToBuy).toBe(bagsToBuy);
  });

  it('is exact where floating point is not: 375 kg/ha on 4.4 ha is exactly 33 bags, not 34', () => {
    expect(375 * 4.4).not.toBe(1650); // the trap: 1650.0000000000002
    const quantity = productQuantity(375, 4.4);
    expect(quantity.fieldKg).toBe(1650);
    expect(quantity.bagsExact).toBe(33);
    expect(quantity.bagsToBuy).toBe(33);
    expect(quantity.leftoverKg).toBe(0);
    expect(quantity.summary).toBe('1650 kg = 33 × 50 kg bags → buy 33 bags');
  });

  it('says "1 bag" for a single bag and nothing is bought for a zero rate', () => {
    expect(productQuantity(50, 1).summary).toBe('50 kg = 1 × 50 kg bags → buy 1 bag');
    expect(productQuantity(0, 3).bagsToBuy).toBe(0);
  });

  it('refuses a field of no area and a negative rate', () => {
    expect(() => productQuantity(100, 0)).toThrow(RangeError);
    expect(() => productQuantity(-1, 1)).toThrow(RangeError);
  });
});

describe('products and grades', () => {
  it('knows the four named products by grade', () => {
    const grades = Object.values(FERTILIZER_PRODUCTS).map((product) => [
      product.id,
      product.nitrogenPct,
      product.phosphatePct,
      product.potashPct,
    ]);
    expect(grades).toEqual([
      ['urea', 46, 0, 0],
      ['ammonium-nitrate', 34.5, 0, 0],
      ['compound-d', 7, 14, 7],
      ['can', 28, 0, 0],
    ]);
  });

  it('supplies rate × grade ÷ 100 of each nutrient', () => {
    expect(nutrientsSupplied(FERTILIZER_PRODUCTS.compoundD, 300)).toEqual({ nitrogenKgPerHa: 21, phosphateKgPerHa: 42, potashKgPerHa: 21 });
    expect(nutrientsSupplied(FERTILIZER_PRODUCTS.urea, 100).nitrogenKgPerHa).toBe(46);
  });

  it('accepts a custom N-P-K and refuses impossible grades', () => {
    const compoundC = customFertilizerProduct('Compound C', 5, 15, 12);
    expect(compoundC).toMatchObject({ id: 'custom:compound c', nitrogenPct: 5, phosphatePct: 15, potashPct: 12 });
    expect(() => customFertilizerProduct('Too much', 50, 40, 20)).toThrow(/more than 100/);
    expect(() => customFertilizerProduct('Nothing', 0, 0, 0)).toThrow(RangeError);
    expect(() => customFertilizerProduct('Negative', -1, 0, 10)).toThrow(RangeError);
  });
});
