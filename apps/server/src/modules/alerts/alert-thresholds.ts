import { ADJUSTABLE_ALERT_THRESHOLDS, alertThresholdsSchema, type AlertThresholds } from '@murimi/core';
import type { AppContext } from '../../app-context.ts';
import type { MemberRole } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { RequestAuth } from '../../plugins/authenticate.ts';

/**
 * Thresholds belong to the organisation, not to one person: an alert is one per field and episode, the same for every
 * member, so a frost line must be the farm's. Those who advise on the fields may change them; a viewer (a funder)
 * may not.
 */
const MAY_EDIT: readonly MemberRole[] = ['owner', 'manager', 'agronomist'];

function present(saved: Record<string, number>, role: MemberRole) {
  const parsed = alertThresholdsSchema.safeParse(saved);
  return {
    thresholds: parsed.success ? parsed.data : {},
    defaults: { ...ADJUSTABLE_ALERT_THRESHOLDS },
    canEdit: MAY_EDIT.includes(role),
  };
}

export async function getAlertThresholds(ctx: AppContext, auth: Pick<RequestAuth, 'orgId' | 'role'>) {
  const organisation = await ctx.database.db
    .selectFrom('organisations')
    .select('alertThresholds')
    .where('id', '=', auth.orgId)
    .executeTakeFirstOrThrow();
  return present(organisation.alertThresholds, auth.role);
}

/** Replaces the organisation's thresholds (a missing one goes back to its default); the next evaluation uses them. */
export async function updateAlertThresholds(ctx: AppContext, auth: Pick<RequestAuth, 'orgId' | 'role'>, thresholds: AlertThresholds) {
  if (!MAY_EDIT.includes(auth.role)) throw new AppError('FORBIDDEN', 'You do not have permission to perform this action.');
  const defined = Object.fromEntries(Object.entries(thresholds).filter(([, value]) => value !== undefined));
  await ctx.database.db
    .updateTable('organisations')
    .set({ alertThresholds: JSON.stringify(defined) })
    .where('id', '=', auth.orgId)
    .execute();
  return present(defined as Record<string, number>, auth.role);
}
