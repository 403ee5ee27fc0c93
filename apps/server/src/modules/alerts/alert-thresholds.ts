import { ADJUSTABLE_ALERT_THRESHOLDS, alertThresholdsSchema, type AlertThresholdsUpdate } from '@murimi/core';
import type { AppContext } from '../../app-context.ts';
import { reachOf, type Actor } from '../../policy/policy.ts';

/**
 * Thresholds belong to the organisation, not to one person: an alert is one per field and episode, the same for every
 * member, so a frost line must be the farm's; so is whether weather alerts speak of fallow land. Who may change them is
 * the policy's `alerts.thresholds`; the route refuses the others.
 */

interface SavedSettings {
  alertThresholds: Record<string, number>;
  weatherAlertsOnFallowLand: boolean;
}

function present(saved: SavedSettings, actor: Actor) {
  // Thresholds saved before the 1-day and 3-day heavy-rain triggers were checked against each other are shown as
  // they are (and still used), so the form shows what to correct.
  const parsed = alertThresholdsSchema.safeParse(saved.alertThresholds);
  return {
    thresholds: parsed.success ? parsed.data : {},
    defaults: { ...ADJUSTABLE_ALERT_THRESHOLDS },
    weatherOnFallowLand: saved.weatherAlertsOnFallowLand,
    canEdit: reachOf(actor, 'alerts.thresholds') !== 'none',
  };
}

export async function getAlertThresholds(ctx: AppContext, auth: Actor) {
  const organisation = await ctx.database.db
    .selectFrom('organisations')
    .select(['alertThresholds', 'weatherAlertsOnFallowLand'])
    .where('id', '=', auth.orgId)
    .executeTakeFirstOrThrow();
  return present(organisation, auth);
}

/**
 * Replaces the organisation's thresholds (a missing one goes back to its default) and its fallow-land choice (off
 * when left out); the next evaluation uses them.
 */
export async function updateAlertThresholds(ctx: AppContext, auth: Actor, update: AlertThresholdsUpdate) {
  const { weatherOnFallowLand, ...thresholds } = update;
  const defined = Object.fromEntries(Object.entries(thresholds).filter(([, value]) => value !== undefined)) as Record<string, number>;
  const saved = { alertThresholds: defined, weatherAlertsOnFallowLand: weatherOnFallowLand === true };
  await ctx.database.db
    .updateTable('organisations')
    .set({ alertThresholds: JSON.stringify(defined), weatherAlertsOnFallowLand: saved.weatherAlertsOnFallowLand })
    .where('id', '=', auth.orgId)
    .execute();
  return present(saved, auth);
}
