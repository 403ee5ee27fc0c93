/** Whole-day arithmetic on calendar dates (YYYY-MM-DD), done in UTC so no time zone shifts a day. */

const MS_PER_DAY = 86_400_000;

function toUtcMs(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return ms;
}

/** The date `days` days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + Math.round(days) * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}
