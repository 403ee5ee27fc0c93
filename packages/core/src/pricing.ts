/**
 * Prices from the product spec §1 (US dollars per farm per month).
 * Farm pricing: $10 up to 5 ha, plus $0.50 for each hectare above 5. NGO & bulk: $7 per farm (500+ farms).
 */
export const FARM_BASE_PRICE_USD = 10;
export const FARM_BASE_HECTARES = 5;
export const PRICE_PER_EXTRA_HECTARE_USD = 0.5;
export const BULK_PRICE_PER_FARM_USD = 7;
export const BULK_MINIMUM_FARMS = 500;

/** Monthly price of one farm of `hectares` on the farm plan. */
export function farmMonthlyPriceUsd(hectares: number): number {
  const extraHectares = Math.max(0, hectares - FARM_BASE_HECTARES);
  return FARM_BASE_PRICE_USD + extraHectares * PRICE_PER_EXTRA_HECTARE_USD;
}

/** Monthly price of a programme of `farms` farms on the bulk plan (null below its 500-farm minimum). */
export function bulkMonthlyPriceUsd(farms: number): number | null {
  return farms >= BULK_MINIMUM_FARMS ? farms * BULK_PRICE_PER_FARM_USD : null;
}

/** Every new organisation's free trial, with all features and no card (spec §1). */
export const TRIAL_DAYS = 30;

/** What an organisation's farms cost a month, on the plan the spec's rules give it. */
export interface OrganisationPrice {
  /** `bulk` from 500 farms ($7 a farm, whatever their size), `farm` below (priced farm by farm on its hectares). */
  plan: 'farm' | 'bulk';
  farms: number;
  hectares: number;
  monthlyUsd: number;
}

const cents = (usd: number) => Math.round(usd * 100) / 100;

/** One farm's line on the bill, to the cent: $7 on the bulk plan, else its farm price on its hectares. */
export function farmMonthlyBillUsd(plan: OrganisationPrice['plan'], hectares: number): number {
  return plan === 'bulk' ? BULK_PRICE_PER_FARM_USD : cents(farmMonthlyPriceUsd(hectares));
}

/** The monthly price of an organisation whose farms measure `farmHectares` (each farm's fields added up). */
export function organisationMonthlyPrice(farmHectares: readonly number[]): OrganisationPrice {
  const farms = farmHectares.length;
  const hectares = farmHectares.reduce((sum, ha) => sum + ha, 0);
  const bulk = bulkMonthlyPriceUsd(farms);
  if (bulk !== null) return { plan: 'bulk', farms, hectares, monthlyUsd: bulk };
  return { plan: 'farm', farms, hectares, monthlyUsd: cents(farmHectares.reduce((sum, ha) => sum + farmMonthlyBillUsd('farm', ha), 0)) };
}
