import { isoInZone, wallClock, zoneOffsetMinutes } from '../../lib/time-zone.ts';

/** How long an alert is put aside: until 06:00 tomorrow, 3 days or a week (the API takes at most 30 days). */
export const snoozeChoices = ['tomorrow-morning', 'three-days', 'one-week'] as const;
export type SnoozeChoice = (typeof snoozeChoices)[number];

/** The hour of the morning a "tomorrow" snooze ends, local time: before a farmer goes out to the fields. */
export const SNOOZE_MORNING_HOUR = 6;

const DAY_MS = 86_400_000;

/**
 * When a snooze chosen at `now` ends, as the API takes it (an ISO time with the offset of the person's time zone):
 * 06:00 on the next calendar day of `timeZone`, or the same time of day 3 or 7 days on.
 */
export function snoozeUntil(choice: SnoozeChoice, now: Date, timeZone: string): string {
  if (choice !== 'tomorrow-morning') return isoInZone(new Date(now.getTime() + (choice === 'three-days' ? 3 : 7) * DAY_MS), timeZone);
  let today: Date;
  try {
    today = wallClock(now, timeZone);
  } catch {
    return snoozeUntil(choice, now, 'UTC');
  }
  const wanted = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, SNOOZE_MORNING_HOUR);
  // The offset at the wanted moment may differ from now's (a zone that changes its clock overnight): ask it twice.
  let instant = wanted - zoneOffsetMinutes(now, timeZone) * 60_000;
  instant = wanted - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return isoInZone(new Date(instant), timeZone);
}
