/**
 * Turns nutrient targets (kg/ha) into amounts of the products the farmer chose. At planting a P-bearing
 * compound (e.g. compound D 7-14-7) is sized to the P₂O₅ need first — it is the only way to get P on — and the N
 * and K₂O it brings are counted; a straight potash product then fills any K₂O gap, and a straight N product
 * (urea, AN, CAN) tops up N. A top-dress uses a straight N product only.
 */
import { roundKg } from './nutrient-need.ts';
import {
  gradeLabel,
  isStraightNitrogen,
  isUrea,
  nutrientsSupplied,
  productQuantity,
  type FertilizerProduct,
  type NutrientAmounts,
  type ProductQuantity,
} from './products.ts';

/** Nutrient gaps smaller than this (kg/ha) are not worth a product. */
const NEGLIGIBLE_KG_PER_HA = 0.5;

export interface ProductLine {
  product: FertilizerProduct;
  /** Product rate rounded to a whole kg/ha. */
  rateKgPerHa: number;
  supplies: NutrientAmounts;
  quantity: ProductQuantity;
  /** Why this product at this rate, in one sentence. */
  purpose: string;
}

export interface ProductPlan {
  lines: ProductLine[];
  /** Sum of what the lines supply, kg/ha. */
  supplied: NutrientAmounts;
  /** Nutrients the chosen products cannot cover, in words. */
  shortfalls: string[];
  notes: string[];
}

export interface ProductPlanOptions {
  kind: 'basal' | 'top-dress';
  fieldAreaHectares: number;
  /** Choose AN or CAN over urea when both are on the list (no rain to wash urea in). */
  preferNonUrea?: boolean;
  /** Tobacco: warn when a chloride-bearing compound may be used. */
  lowChlorideCrop?: boolean;
  /** Leave an N gap smaller than this (kg/ha) uncovered instead of adding a separate straight-N product. */
  minimumStraightNitrogenKgPerHa?: number;
}

type Key = keyof NutrientAmounts;
const pctKey = { nitrogenKgPerHa: 'nitrogenPct', phosphateKgPerHa: 'phosphatePct', potashKgPerHa: 'potashPct' } as const;
const labelOf = { nitrogenKgPerHa: 'N', phosphateKgPerHa: 'P₂O₅', potashKgPerHa: 'K₂O' } as const;

const fmt = (kg: number): string => String(roundKg(kg));

/** Chooses products and rates for one application; see the module comment for the order. */
export function planProducts(
  target: NutrientAmounts,
  chosenProducts: readonly FertilizerProduct[],
  options: ProductPlanOptions,
): ProductPlan {
  const remaining: NutrientAmounts = { ...target };
  const lines: ProductLine[] = [];
  const shortfalls: string[] = [];
  const notes: string[] = [];

  const addLine = (product: FertilizerProduct, sizedTo: Key, purposeStart: string): void => {
    const pct = product[pctKey[sizedTo]];
    const sizedKgPerHa = remaining[sizedTo];
    const rateKgPerHa = Math.max(1, Math.round((sizedKgPerHa / pct) * 100));
    const supplies = nutrientsSupplied(product, rateKgPerHa);
    for (const key of Object.keys(remaining) as Key[]) remaining[key] = Math.max(0, remaining[key] - supplies[key]);
    const byProducts = (Object.keys(supplies) as Key[])
      .filter((key) => key !== sizedTo && supplies[key] > 0)
      .map((key) => `${fmt(supplies[key])} kg ${labelOf[key]}`);
    lines.push({
      product,
      rateKgPerHa,
      supplies: {
        nitrogenKgPerHa: roundKg(supplies.nitrogenKgPerHa),
        phosphateKgPerHa: roundKg(supplies.phosphateKgPerHa),
        potashKgPerHa: roundKg(supplies.potashKgPerHa),
      },
      quantity: productQuantity(rateKgPerHa, options.fieldAreaHectares),
      purpose:
        `${purposeStart}: ${fmt(sizedKgPerHa)} kg ${labelOf[sizedTo]}/ha ÷ ${pct} % = ${rateKgPerHa} kg/ha of ${product.name} (${gradeLabel(product)})` +
        (byProducts.length > 0 ? `, which also brings ${byProducts.join(' and ')} per ha.` : '.'),
    });
  };

  if (options.kind === 'basal') {
    if (remaining.phosphateKgPerHa > NEGLIGIBLE_KG_PER_HA) {
      const carrier = chosenProducts.find((product) => product.phosphatePct > 0);
      if (carrier) {
        addLine(carrier, 'phosphateKgPerHa', `${carrier.name} covers P₂O₅ first`);
        if (options.lowChlorideCrop && carrier.potashPct > 0 && !carrier.id.startsWith('custom:')) {
          notes.push(
            `Check that ${carrier.name} is a low-chloride (tobacco) grade; if its potash is muriate (chloride), use a tobacco compound instead.`,
          );
        }
      } else {
        shortfalls.push(
          `${fmt(remaining.phosphateKgPerHa)} kg P₂O₅/ha is not covered: none of the chosen products has P. Add compound D or another N-P-K compound.`,
        );
      }
    }
    if (remaining.potashKgPerHa > NEGLIGIBLE_KG_PER_HA) {
      const used = new Set(lines.map((line) => line.product.id));
      const potash =
        chosenProducts.find((product) => product.potashPct > 0 && product.phosphatePct === 0 && !used.has(product.id)) ??
        chosenProducts.find((product) => product.potashPct > 0 && !used.has(product.id));
      if (potash) addLine(potash, 'potashKgPerHa', `${potash.name} fills the K₂O gap`);
      else {
        shortfalls.push(
          `${fmt(remaining.potashKgPerHa)} kg K₂O/ha is not covered by the chosen products: add a potash fertilizer as a custom product ` +
            (options.lowChlorideCrop ? '(sulphate of potash 0-0-50 for tobacco, not muriate).' : '(e.g. muriate of potash 0-0-60).'),
        );
      }
    }
  }

  const minimumNitrogen = Math.max(NEGLIGIBLE_KG_PER_HA, options.minimumStraightNitrogenKgPerHa ?? 0);
  if (remaining.nitrogenKgPerHa > NEGLIGIBLE_KG_PER_HA && remaining.nitrogenKgPerHa < minimumNitrogen) {
    notes.push(`The remaining ${fmt(remaining.nitrogenKgPerHa)} kg N/ha is too little for a separate pass; it is added to the top-dress.`);
  } else if (remaining.nitrogenKgPerHa > NEGLIGIBLE_KG_PER_HA) {
    const straight = chosenProducts.filter(isStraightNitrogen);
    const nitrogenProduct = (options.preferNonUrea ? straight.find((product) => !isUrea(product)) : undefined) ?? straight[0];
    if (nitrogenProduct) {
      addLine(
        nitrogenProduct,
        'nitrogenKgPerHa',
        lines.length > 0 ? `Then ${nitrogenProduct.name} tops up N` : `${nitrogenProduct.name} supplies the N`,
      );
      if (options.preferNonUrea && isUrea(nitrogenProduct)) {
        notes.push('Urea is the only straight N product chosen; with no rain forecast, AN or CAN would lose less N (see the urea note).');
      }
    } else {
      shortfalls.push(
        `${fmt(remaining.nitrogenKgPerHa)} kg N/ha is not covered: choose a straight N fertilizer (urea, AN or CAN)` +
          (options.kind === 'top-dress' ? '; a compound as top-dress would add P and K the crop does not need now.' : '.'),
      );
    }
  }

  const supplied = lines.reduce<NutrientAmounts>(
    (sum, line) => ({
      nitrogenKgPerHa: roundKg(sum.nitrogenKgPerHa + line.supplies.nitrogenKgPerHa),
      phosphateKgPerHa: roundKg(sum.phosphateKgPerHa + line.supplies.phosphateKgPerHa),
      potashKgPerHa: roundKg(sum.potashKgPerHa + line.supplies.potashKgPerHa),
    }),
    { nitrogenKgPerHa: 0, phosphateKgPerHa: 0, potashKgPerHa: 0 },
  );
  for (const key of ['phosphateKgPerHa', 'potashKgPerHa'] as const) {
    if (supplied[key] > target[key] + NEGLIGIBLE_KG_PER_HA) {
      notes.push(
        `The products supply ${fmt(supplied[key])} kg ${labelOf[key]}/ha, more than the ${fmt(target[key])} kg needed: the compound's fixed ratio does not match this soil.`,
      );
    }
  }
  return { lines, supplied, shortfalls, notes };
}
