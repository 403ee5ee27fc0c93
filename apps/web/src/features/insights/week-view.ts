import type { WeekDigest } from '@murimi/core';

type WeekField = WeekDigest['fields'][number];

/** How a field's NDVI moved between its two latest clear images: the change (rounded to 0.01) and its direction. */
export function healthChange(
  health: NonNullable<WeekField['health']>,
): { change: number; direction: 'up' | 'down' | 'same'; since: string } | null {
  if (health.previousNdvi === null || health.previousDate === null) return null;
  const change = Math.round((health.ndvi - health.previousNdvi) * 100) / 100;
  return { change, direction: change > 0 ? 'up' : change < 0 ? 'down' : 'same', since: health.previousDate };
}

/** Whether the week has anything to show: a field, an action or an open alert. */
export const weekHasContent = (week: WeekDigest): boolean => week.fields.length > 0 || week.actions.length > 0 || week.openAlerts > 0;
