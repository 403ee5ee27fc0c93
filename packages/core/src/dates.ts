/**
 * Whole-day arithmetic on calendar dates (YYYY-MM-DD), done in UTC so that no time zone or daylight-saving change
 * moves a date by a day. The one place the product turns instants into dates and counts days between them.
 */

const MS_PER_DAY = 86_400_000;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Dates already read, both ways. Rules walk a season day by day many times over (10,000 fields in a scheduled run),
 * and parsing a date and checking it by writing it back costs far more than a lookup; the dates in play are a few
 * hundred. Emptied when they grow past the limit, so a long-running process does not keep every date it met.
 */
const DATE_CACHE_LIMIT = 20_000;
const dayNumberOfDate = new Map<string, number>();
const dateOfDayNumber = new Map<number, string>();

function remember(date: string, dayNumber: number): void {
  if (dayNumberOfDate.size >= DATE_CACHE_LIMIT) {
    dayNumberOfDate.clear();
    dateOfDayNumber.clear();
  }
  dayNumberOfDate.set(date, dayNumber);
  dateOfDayNumber.set(dayNumber, date);
}

/** Days since 1970-01-01 of a calendar date; a malformed or impossible date (2025-02-30) is a RangeError. */
export function utcDayNumber(date: string): number {
  const known = dayNumberOfDate.get(date);
  if (known !== undefined) return known;
  const time = CALENDAR_DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : Number.NaN;
  // Date.parse rolls 2025-02-30 over to 2 March; reading the date back catches it.
  if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(date)) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  const dayNumber = Math.round(time / MS_PER_DAY);
  remember(date, dayNumber);
  return dayNumber;
}

/** The calendar date (UTC) of an instant, YYYY-MM-DD. */
export function isoDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The date `days` days after `date` (negative goes back); a fractional count is rounded to whole days. */
export function addDays(date: string, days: number): string {
  const dayNumber = utcDayNumber(date) + Math.round(days);
  const known = dateOfDayNumber.get(dayNumber);
  if (known !== undefined) return known;
  const result = isoDay(new Date(dayNumber * MS_PER_DAY));
  remember(result, dayNumber);
  return result;
}

/** Whole days from `from` to `to`: positive when `to` is later, 0 on the same date. */
export function daysBetween(from: string, to: string): number {
  return utcDayNumber(to) - utcDayNumber(from);
}

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A calendar date as advice sentences print it, in fixed English with no locale: "27 Nov", or "27 Nov 2025" when
 * `relativeTo` (YYYY-MM-DD) falls in another year, so an old soil test or last season's planting is not misread.
 */
export function formatDayMonth(date: string, relativeTo?: string): string {
  utcDayNumber(date);
  const [year, month, day] = date.split('-');
  const dayMonth = `${Number(day)} ${MONTH_ABBREVIATIONS[Number(month) - 1]}`;
  return relativeTo !== undefined && relativeTo.slice(0, 4) !== year ? `${dayMonth} ${year}` : dayMonth;
}
