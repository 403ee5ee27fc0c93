import { addDays, farmMonthlyBillUsd, isoDay, organisationMonthlyPrice, TRIAL_DAYS, type Billing } from '@murimi/core';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Actor } from '../../policy/policy.ts';

/** Farms listed on the bill by name; a programme's others are counted in the total only. */
const LISTED_FARMS = 20;

/**
 * The organisation's plan and monthly price by the spec's rules, worked out from every farm's hectares (its fields
 * added up, a farm without fields at the base price), and the end of its 30-day free trial. No payment is taken.
 */
export async function organisationBilling(ctx: AppContext, actor: Actor): Promise<Billing> {
  const db = ctx.database.db;
  const organisation = await db.selectFrom('organisations').select('createdAt').where('id', '=', actor.orgId).executeTakeFirstOrThrow();
  const farms = await db
    .selectFrom('farms')
    .leftJoin('fields', 'fields.farmId', 'farms.id')
    .select(['farms.id', 'farms.name', sql<number>`coalesce(sum(fields.size_hectares), 0)::float8`.as('hectares')])
    .where('farms.orgId', '=', actor.orgId)
    .groupBy(['farms.id', 'farms.name'])
    .execute();
  const price = organisationMonthlyPrice(farms.map((farm) => farm.hectares));
  const today = isoDay(ctx.now());
  const trialEndsOn = addDays(isoDay(new Date(organisation.createdAt)), TRIAL_DAYS);
  return {
    ...price,
    trialEndsOn,
    trialDaysLeft: Math.max(0, Math.round((Date.parse(trialEndsOn) - Date.parse(today)) / 86_400_000)),
    largestFarms: farms
      .map((farm) => ({ id: farm.id, name: farm.name, hectares: farm.hectares, monthlyUsd: farmMonthlyBillUsd(price.plan, farm.hectares) }))
      .sort((a, b) => b.hectares - a.hectares || a.name.localeCompare(b.name))
      .slice(0, LISTED_FARMS),
  };
}
