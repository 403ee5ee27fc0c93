import { ADJUSTABLE_ALERT_THRESHOLDS, alertThresholdsSchema, type AlertThresholdsUpdate } from '@murimi/core';
import type { AppContext } from '../../app-context.ts';
import type { MemberRole } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { RequestAuth } from '../../plugins/authenticate.ts';

/**
 * Thresholds belong to the organisation, not to one person: an alert is one per field and episode, the same for every
 * member, so a frost line must be the farm's; so is whether weather alerts speak of fallow land. Those who advise on
 * the fields may change them; a viewer (a funder) may not.
 */
const MAY_EDIT: readonly MemberRole[] = ['owner', 'manager', 'agronomist'];

interface SavedSettings {
  alertThresholds: Record<string, number>;
  weatherAlertsOnFallowLand: boolean;
}

function present(saved: SavedSettings, role: MemberRole) {
  // Thresholds saved before the 1-day and 3-day heavy-rain triggers were checked against each other are shown as
  // they are (and still used), so the form shows what to correct.
  const parsed = alertThresholdsSchema.safeParse(saved.alertThresholds);
  return {
    thresholds: parsed.success ? parsed.data : {},
    defaults: { ...ADJUSTABLE_ALERT_THRESHOLDS },
    weatherOnFallowLand: saved.weatherAlertsOnFallowLand,
    canEdit: MAY_EDIT.includes(role),
  };
}

export async function getAlertThresholds(ctx: AppContext, auth: Pick<RequestAuth, 'orgId' | 'role'>) {
  const organisation = await ctx.database.db
    .selectFrom('organisations')
    .select(['alertThresholds', 'weatherAlertsOnFallowLand'])
    .where('id', '=', auth.orgId)
    .executeTakeFirstOrThrow();
  return present(organisation, auth.role);
}

/**
 * Replaces the organisation's thresholds (a missing one goes back to its default) and its fallow-land choice (off
 * when left out); the next evaluation uses them.
 */
export async function updateAlertThresholds(ctx: AppContext, auth: Pick<RequestAuth, 'orgId' | 'role'>, update: AlertThresholdsUpdate) {
  if (!MAY_EDIT.includes(auth.role)) throw new AppError('FORBIDDEN', 'You do not have permission to perform this action.');
  const { weatherOnFallowLand, ...thresholds } = update;
  const defined = Object.fromEntries(Object.entries(thresholds).filter(([, value]) => value !== undefined)) as Record<string, number>;
  const saved = { alertThresholds: defined, weatherAlertsOnFallowLand: weatherOnFallowLand === true };
  await ctx.database.db
    .updateTable('organisations')
    .set({ alertThresholds: JSON.stringify(defined), weatherAlertsOnFallowLand: saved.weatherAlertsOnFallowLand })
    .where('id', '=', auth.orgId)
    .execute();
  return present(saved, auth.role);
}
