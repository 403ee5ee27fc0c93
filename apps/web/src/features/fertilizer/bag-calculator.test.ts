import { FERTILIZER_PRODUCTS } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { bagCalculation, catalogueProducts, gradeIsValid, rateToSupply } from './bag-calculator.ts';

const { urea, compoundD, ammoniumNitrate } = FERTILIZER_PRODUCTS;

describe('bags of 50 kg for a field', () => {
  it('is rate × area ÷ 50 kg rounded up, with the product left in the last bag', () => {
    // 81 kg/ha of urea on 4 ha: 324 kg = 6.48 bags → 7 bags, 26 kg over.
    const bags = bagCalculation(urea, 81, 4)!;
    expect(bags.fieldKg).toBe(324);
    expect(bags.bagsToBuy).toBe(7);
    expect(bags.leftoverKg).toBe(26);
  });

  it('buys exactly the bags needed when the amount fills them, without floating-point creep', () => {
    // 375 × 4.4 = 1650.0000000000002 in floating point; that is still 33 bags, not 34.
    expect(bagCalculation(compoundD, 375, 4.4)).toMatchObject({ fieldKg: 1650, bagsToBuy: 33, leftoverKg: 0 });
    expect(bagCalculation(compoundD, 200, 0.25)).toMatchObject({ fieldKg: 50, bagsToBuy: 1, leftoverKg: 0 });
  });

  it('gives one bag for less than a bag', () => {
    expect(bagCalculation(ammoniumNitrate, 10, 0.6)).toMatchObject({ fieldKg: 6, bagsToBuy: 1, leftoverKg: 44 });
  });

  it('says what the rate supplies per hectare and over the whole field (rate × grade ÷ 100)', () => {
    // Compound D 7-14-7 at 300 kg/ha on 2.5 ha: 21-42-21 kg/ha, 750 kg of product holding 52.5-105-52.5 kg.
    const bags = bagCalculation(compoundD, 300, 2.5)!;
    expect(bags.perHectare).toEqual({ nitrogenKgPerHa: 21, phosphateKgPerHa: 42, potashKgPerHa: 21 });
    expect(bags.wholeField).toEqual({ nitrogenKg: 52.5, phosphateKg: 105, potashKg: 52.5 });
    expect(bags.bagsToBuy).toBe(15);
  });

  it("works for the farmer's own grade", () => {
    const compoundC = { nitrogenPct: 5, phosphatePct: 15, potashPct: 12 };
    expect(bagCalculation(compoundC, 250, 1.2)).toMatchObject({
      fieldKg: 300,
      bagsToBuy: 6,
      perHectare: { nitrogenKgPerHa: 12.5, phosphateKgPerHa: 37.5, potashKgPerHa: 30 },
    });
  });

  it('answers nothing for a rate, area or grade that cannot make an application', () => {
    expect(bagCalculation(urea, 0, 4)).toBeNull();
    expect(bagCalculation(urea, Number.NaN, 4)).toBeNull();
    expect(bagCalculation(urea, 100, 0)).toBeNull();
    expect(bagCalculation({ nitrogenPct: 0, phosphatePct: 0, potashPct: 0 }, 100, 1)).toBeNull();
    expect(bagCalculation({ nitrogenPct: 60, phosphatePct: 30, potashPct: 20 }, 100, 1)).toBeNull();
  });
});

describe('a grade', () => {
  it('is each % from 0 to 100, at most 100 together, with some nutrient', () => {
    expect(gradeIsValid({ nitrogenPct: 46, phosphatePct: 0, potashPct: 0 })).toBe(true);
    expect(gradeIsValid({ nitrogenPct: 0, phosphatePct: 0, potashPct: 60 })).toBe(true);
    expect(gradeIsValid({ nitrogenPct: -1, phosphatePct: 20, potashPct: 0 })).toBe(false);
    expect(gradeIsValid({ nitrogenPct: 50, phosphatePct: 50, potashPct: 1 })).toBe(false);
    expect(gradeIsValid({ nitrogenPct: Number.NaN, phosphatePct: 0, potashPct: 0 })).toBe(false);
  });

  it('of every catalogue product is valid', () => {
    expect(catalogueProducts.map((product) => product.id)).toEqual(['urea', 'ammonium-nitrate', 'compound-d', 'can']);
    for (const product of catalogueProducts) expect(gradeIsValid(product)).toBe(true);
  });
});

describe('the rate that meets an application', () => {
  it('sizes a top-dress to its N: 37.2 kg N ÷ 46 % = 81 kg/ha of urea, 108 kg/ha of AN', () => {
    const topDress = { nitrogenKgPerHa: 37.2, phosphateKgPerHa: 0, potashKgPerHa: 0 };
    expect(rateToSupply(urea, topDress, 'top-dress')).toEqual({ rateKgPerHa: 81, sizedTo: 'nitrogen' });
    expect(rateToSupply(ammoniumNitrate, topDress, 'top-dress')).toEqual({ rateKgPerHa: 108, sizedTo: 'nitrogen' });
  });

  it('sizes a basal compound to P₂O₅ first, as the engine does', () => {
    const basal = { nitrogenKgPerHa: 30, phosphateKgPerHa: 42, potashKgPerHa: 21 };
    expect(rateToSupply(compoundD, basal, 'basal')).toEqual({ rateKgPerHa: 300, sizedTo: 'phosphate' });
    // Straight N at planting covers the N part only.
    expect(rateToSupply(urea, basal, 'basal')).toEqual({ rateKgPerHa: 65, sizedTo: 'nitrogen' });
  });

  it('is none for a product that carries none of what the application needs', () => {
    expect(rateToSupply(urea, { nitrogenKgPerHa: 0, phosphateKgPerHa: 20, potashKgPerHa: 0 }, 'basal')).toBeNull();
    expect(
      rateToSupply(
        { nitrogenPct: 0, phosphatePct: 0, potashPct: 60 },
        { nitrogenKgPerHa: 40, phosphateKgPerHa: 0, potashKgPerHa: 0 },
        'top-dress',
      ),
    ).toBeNull();
  });
});
