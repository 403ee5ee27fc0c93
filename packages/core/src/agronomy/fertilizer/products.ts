/**
 * Fertilizer products, the nutrients a rate of product supplies, and how much to buy in 50 kg bags.
 * Grades are % of product mass as N, P₂O₅ and K₂O (as printed on the bag and held in an application record).
 */
import { gradeProblem } from '../../schemas/fertilizer-application.ts';

/** N, P₂O₅ and K₂O, kg per hectare. Names follow the application record (`phosphate` = P₂O₅, `potash` = K₂O). */
export interface NutrientAmounts {
  nitrogenKgPerHa: number;
  phosphateKgPerHa: number;
  potashKgPerHa: number;
}

export const NO_NUTRIENTS: NutrientAmounts = Object.freeze({ nitrogenKgPerHa: 0, phosphateKgPerHa: 0, potashKgPerHa: 0 });

export interface FertilizerProduct {
  /** Stable id: `urea`, `ammonium-nitrate`, `compound-d`, `can`, or `custom:<name>`. */
  id: string;
  name: string;
  nitrogenPct: number;
  phosphatePct: number;
  potashPct: number;
  /** Where the grade comes from. */
  gradeSource: string;
}

const standard = (id: string, name: string, n: number, p: number, k: number, gradeSource: string): FertilizerProduct =>
  Object.freeze({ id, name, nitrogenPct: n, phosphatePct: p, potashPct: k, gradeSource });

/** Products the engine knows by name. Grades are the ones the product brief gives; check the bag, grades vary by maker. */
export const FERTILIZER_PRODUCTS = Object.freeze({
  urea: standard('urea', 'Urea', 46, 0, 0, 'Urea 46-0-0 (46 % N is fixed by its chemistry)'),
  ammoniumNitrate: standard('ammonium-nitrate', 'Ammonium nitrate (AN)', 34.5, 0, 0, 'AN 34.5-0-0 as sold in southern Africa'),
  compoundD: standard('compound-d', 'Compound D', 7, 14, 7, 'Compound D 7-14-7 (Zimbabwe basal maize compound)'),
  calciumAmmoniumNitrate: standard('can', 'Calcium ammonium nitrate (CAN)', 28, 0, 0, 'CAN 28-0-0 as sold in southern Africa'),
});

/** A product with the grade from its bag, e.g. compound C 5-15-12 or muriate of potash 0-0-60. */
export function customFertilizerProduct(name: string, nitrogenPct: number, phosphatePct: number, potashPct: number): FertilizerProduct {
  for (const pct of [nitrogenPct, phosphatePct, potashPct]) {
    if (!Number.isFinite(pct) || pct < 0 || pct > 100) throw new RangeError(`A grade is a % between 0 and 100; got ${pct}.`);
  }
  const problem = gradeProblem({ nitrogenPct, phosphatePct, potashPct });
  if (problem) throw new RangeError(problem.message);
  if (nitrogenPct + phosphatePct + potashPct === 0) throw new RangeError('A fertilizer supplies at least one of N, P₂O₅ or K₂O.');
  const trimmed = name.trim() || 'Custom fertilizer';
  return Object.freeze({
    id: `custom:${trimmed.toLowerCase()}`,
    name: trimmed,
    nitrogenPct,
    phosphatePct,
    potashPct,
    gradeSource: `Grade ${nitrogenPct}-${phosphatePct}-${potashPct} as entered by the user`,
  });
}

/** "7-14-7" */
export function gradeLabel(product: Pick<FertilizerProduct, 'nitrogenPct' | 'phosphatePct' | 'potashPct'>): string {
  return `${product.nitrogenPct}-${product.phosphatePct}-${product.potashPct}`;
}

/** Only N (e.g. urea, AN, CAN). */
export const isStraightNitrogen = (product: FertilizerProduct): boolean =>
  product.nitrogenPct > 0 && product.phosphatePct === 0 && product.potashPct === 0;

/** Urea by grade or name; it needs rain to move into the soil. */
export const isUrea = (product: FertilizerProduct): boolean => product.id === 'urea' || /\burea\b/i.test(product.name);

/** Nutrients, kg/ha, that `rateKgPerHa` of product supplies: rate × grade ÷ 100. */
export function nutrientsSupplied(
  product: Pick<FertilizerProduct, 'nitrogenPct' | 'phosphatePct' | 'potashPct'>,
  rateKgPerHa: number,
): NutrientAmounts {
  return {
    nitrogenKgPerHa: (rateKgPerHa * product.nitrogenPct) / 100,
    phosphateKgPerHa: (rateKgPerHa * product.phosphatePct) / 100,
    potashKgPerHa: (rateKgPerHa * product.potashPct) / 100,
  };
}

export const BAG_MASS_KG = 50;

/** How much product one application takes for the whole field, and how many bags to buy. */
export interface ProductQuantity {
  rateKgPerHa: number;
  fieldAreaHectares: number;
  /** rate × area, kg (to the gram). */
  fieldKg: number;
  bagMassKg: number;
  /** fieldKg ÷ bag mass, unrounded (e.g. 6.5). */
  bagsExact: number;
  /** Whole bags to buy: bagsExact rounded up. */
  bagsToBuy: number;
  /** Product left in the last opened bag, kg. */
  leftoverKg: number;
  /** "325 kg = 6.5 × 50 kg bags → buy 7 bags (25 kg left over)". */
  summary: string;
}

const formatNumber = (value: number): string => String(Math.round(value * 1000) / 1000);

/**
 * Field quantity and 50 kg bags for a product rate. The arithmetic is done in whole grams so that, e.g.,
 * 375 kg/ha on 4.4 ha is exactly 1650 kg = 33 bags (floating point alone gives 1650.0000000000002 kg → 34 bags).
 */
export function productQuantity(rateKgPerHa: number, fieldAreaHectares: number, bagMassKg: number = BAG_MASS_KG): ProductQuantity {
  if (!Number.isFinite(rateKgPerHa) || rateKgPerHa < 0) throw new RangeError(`A rate is 0 kg/ha or more; got ${rateKgPerHa}.`);
  if (!Number.isFinite(fieldAreaHectares) || fieldAreaHectares <= 0)
    throw new RangeError(`A field area is more than 0 ha; got ${fieldAreaHectares}.`);
  if (!Number.isFinite(bagMassKg) || bagMassKg <= 0) throw new RangeError(`A bag holds more than 0 kg; got ${bagMassKg}.`);
  const fieldGrams = Math.round(rateKgPerHa * fieldAreaHectares * 1000);
  const bagGrams = Math.round(bagMassKg * 1000);
  const bagsToBuy = Math.ceil(fieldGrams / bagGrams);
  const fieldKg = fieldGrams / 1000;
  const bagsExact = fieldGrams / bagGrams;
  const leftoverKg = (bagsToBuy * bagGrams - fieldGrams) / 1000;
  const bagWord = bagsToBuy === 1 ? 'bag' : 'bags';
  const leftover = leftoverKg > 0 ? ` (${formatNumber(leftoverKg)} kg left over)` : '';
  return {
    rateKgPerHa,
    fieldAreaHectares,
    fieldKg,
    bagMassKg,
    bagsExact,
    bagsToBuy,
    leftoverKg,
    summary: `${formatNumber(fieldKg)} kg = ${formatNumber(bagsExact)} × ${formatNumber(bagMassKg)} kg bags → buy ${bagsToBuy} ${bagWord}${leftover}`,
  };
}
