import {
  BAG_MASS_KG,
  FERTILIZER_PRODUCTS,
  nutrientsSupplied,
  productQuantity,
  type FertilizerProduct,
  type NutrientAmounts,
} from '@murimi/core';

/**
 * The bag calculator: how many 50 kg bags of a product a field takes at a rate, and the nutrients that rate and
 * those bags supply. Pure; the screen passes the product, the rate and the field's area.
 */

/** A product's grade on the bag: N, P₂O₅ and K₂O as % of its mass (e.g. compound D is 7-14-7). */
export interface ProductGrade {
  name: string;
  nitrogenPct: number;
  phosphatePct: number;
  potashPct: number;
}

/** The products the recommendation engine knows, in the order the calculator offers them. */
export const catalogueProducts: readonly FertilizerProduct[] = Object.values(FERTILIZER_PRODUCTS);

export interface BagCalculation {
  rateKgPerHa: number;
  fieldAreaHectares: number;
  /** Product for the whole field at the rate, kg. */
  fieldKg: number;
  bagMassKg: number;
  /** fieldKg ÷ bag mass, rounded up: the bags to buy. */
  bagsToBuy: number;
  /** Product left in the last bag opened, kg. */
  leftoverKg: number;
  /** N, P₂O₅ and K₂O the rate supplies, kg/ha (rate × grade ÷ 100). */
  perHectare: NutrientAmounts;
  /** The same over the whole field, kg. */
  wholeField: { nitrogenKg: number; phosphateKg: number; potashKg: number };
}

/** A grade's three percentages are each 0–100 and add up to 100 at most, with at least one nutrient. */
export function gradeIsValid(grade: Omit<ProductGrade, 'name'>): boolean {
  const parts = [grade.nitrogenPct, grade.phosphatePct, grade.potashPct];
  const total = parts.reduce((sum, pct) => sum + pct, 0);
  return parts.every((pct) => Number.isFinite(pct) && pct >= 0 && pct <= 100) && total > 0 && total <= 100;
}

/**
 * Bags and nutrients for `rateKgPerHa` of a product over `fieldAreaHectares`: rate × area ÷ 50 kg, rounded up
 * to whole bags (core `productQuantity`, which counts in grams so that 375 kg/ha × 4.4 ha is 33 bags, not 34).
 * Null when the rate, area or grade cannot make an application.
 */
export function bagCalculation(
  grade: Omit<ProductGrade, 'name'>,
  rateKgPerHa: number,
  fieldAreaHectares: number,
  bagMassKg: number = BAG_MASS_KG,
): BagCalculation | null {
  if (!(Number.isFinite(rateKgPerHa) && rateKgPerHa > 0) || !(Number.isFinite(fieldAreaHectares) && fieldAreaHectares > 0)) return null;
  if (!gradeIsValid(grade)) return null;
  const quantity = productQuantity(rateKgPerHa, fieldAreaHectares, bagMassKg);
  const perHectare = nutrientsSupplied(grade, rateKgPerHa);
  const whole = nutrientsSupplied(grade, quantity.fieldKg);
  return {
    rateKgPerHa,
    fieldAreaHectares,
    fieldKg: quantity.fieldKg,
    bagMassKg,
    bagsToBuy: quantity.bagsToBuy,
    leftoverKg: quantity.leftoverKg,
    perHectare,
    wholeField: { nitrogenKg: whole.nitrogenKgPerHa, phosphateKg: whole.phosphateKgPerHa, potashKg: whole.potashKgPerHa },
  };
}

type NutrientKey = keyof NutrientAmounts;
const pctOf = { nitrogenKgPerHa: 'nitrogenPct', phosphateKgPerHa: 'phosphatePct', potashKgPerHa: 'potashPct' } as const;

/** Smaller gaps (kg/ha) are not worth sizing a product to, as in the engine's product plan. */
const NEGLIGIBLE_KG_PER_HA = 0.5;

/**
 * The rate (whole kg/ha) at which a product meets an application's nutrients, sized as the engine sizes it: at
 * planting to P₂O₅ first, then K₂O, then N; a top-dress to N. Null when the product carries none of the nutrients
 * the application needs (e.g. urea for a P-only basal).
 */
export function rateToSupply(
  grade: Omit<ProductGrade, 'name'>,
  nutrients: NutrientAmounts,
  kind: 'basal' | 'top-dress' | 'ndre-top-up',
): { rateKgPerHa: number; sizedTo: 'nitrogen' | 'phosphate' | 'potash' } | null {
  const order: NutrientKey[] = kind === 'basal' ? ['phosphateKgPerHa', 'potashKgPerHa', 'nitrogenKgPerHa'] : ['nitrogenKgPerHa'];
  for (const key of order) {
    const pct = grade[pctOf[key]];
    if (nutrients[key] > NEGLIGIBLE_KG_PER_HA && pct > 0) {
      const sizedTo = key === 'nitrogenKgPerHa' ? 'nitrogen' : key === 'phosphateKgPerHa' ? 'phosphate' : 'potash';
      return { rateKgPerHa: Math.max(1, Math.round((nutrients[key] / pct) * 100)), sizedTo };
    }
  }
  return null;
}
