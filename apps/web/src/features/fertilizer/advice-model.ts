import type { FertilizerAdviceResult, NutrientAmounts, applicationMethods } from '@murimi/core';
import type { ApplicationPrefill } from './components/ApplicationForm.tsx';
import type { ProductGrade } from './bag-calculator.ts';

/**
 * From a fertilizer analysis result to what the Fertilizer Management screen acts on: the application to do next,
 * and the application form filled in from it. Pure; "today" is passed in.
 */

export type FertilizerEvent = FertilizerAdviceResult['events'][number];
export type PlanLine = NonNullable<FertilizerEvent['plan']>['lines'][number];

/** The application to act on: one to apply now, else one due now or upcoming, else one held back; null when none is left. */
export function eventToActOn(result: FertilizerAdviceResult): FertilizerEvent | null {
  return (
    result.events.find((event) => event.action === 'apply-now') ??
    result.events.find((event) => event.timing === 'due-now' || event.timing === 'upcoming') ??
    result.events.find((event) => event.action === 'hold') ??
    null
  );
}

/** How the product goes on: basal compound in the planting band, N on the surface beside the rows; else broadcast. */
export function methodFor(kind: FertilizerEvent['kind'] | null): (typeof applicationMethods)[number] {
  if (kind === null) return 'broadcast';
  return kind === 'basal' ? 'banded' : 'top-dress';
}

/** A grade as the form's inputs hold it: "34.5", "0". */
const pctText = (pct: number) => String(Math.round(pct * 100) / 100);

/** The application form filled in with a product and rate, on `today`, for the person to check and save. */
export function applicationPrefill(options: {
  fieldId: string;
  product: ProductGrade;
  rateKgPerHa: number;
  kind: FertilizerEvent['kind'] | null;
  today: string;
}): ApplicationPrefill {
  const { product } = options;
  return {
    fieldId: options.fieldId,
    product: product.name,
    nitrogenPct: pctText(product.nitrogenPct),
    phosphatePct: pctText(product.phosphatePct),
    potashPct: pctText(product.potashPct),
    rateKgPerHa: String(Math.round(options.rateKgPerHa * 10) / 10),
    applicationDate: options.today,
    method: methodFor(options.kind),
  };
}

/** True when an amount asks for no nutrient at all (every part 0 kg/ha, to the engine's 0.1 kg). */
export const nothingNeeded = (amounts: NutrientAmounts): boolean =>
  amounts.nitrogenKgPerHa + amounts.phosphateKgPerHa + amounts.potashKgPerHa < 0.05;
