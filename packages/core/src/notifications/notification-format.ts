/**
 * Dates and numbers as alerts, SMS and digests write them, in the reader's language (`formatLocaleOf`). Calendar
 * dates (YYYY-MM-DD) are formatted at noon UTC, so no time zone moves them by a day.
 */
import { daysBetween, utcDayNumber } from '../dates.ts';
import type { ProblemParams } from '../errors.ts';
import { formatLocaleOf, notificationText, type NotificationLanguage } from './languages.ts';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const atNoon = (date: string) => new Date((utcDayNumber(date) + 0.5) * 86_400_000);

/**
 * English names as the rest of the product writes them ("Sep", as in `formatDayMonth`): runtimes differ on English
 * abbreviations (recent CLDR gives "Sept" for en-GB), and a farmer should read one month one way everywhere.
 */
const ENGLISH_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayParts(date: string, language: NotificationLanguage, parts: { weekday?: boolean; dayMonth?: boolean }): string {
  const locale = formatLocaleOf(language);
  const instant = atNoon(date);
  if (locale.startsWith('en')) {
    const words = [
      ...(parts.weekday ? [ENGLISH_WEEKDAYS[instant.getUTCDay()]!] : []),
      ...(parts.dayMonth ? [String(instant.getUTCDate()), ENGLISH_MONTHS[instant.getUTCMonth()]!] : []),
    ];
    return words.join(' ');
  }
  const options: Intl.DateTimeFormatOptions = {
    timeZone: 'UTC',
    ...(parts.weekday ? { weekday: 'short' } : {}),
    ...(parts.dayMonth ? { day: 'numeric', month: 'short' } : {}),
  };
  return new Intl.DateTimeFormat(locale, options).format(instant).replace(',', '');
}

/** "Thu 28 Nov" (weekday, day and month), the way a reading of the coming or past week is named. */
export function formatDayForReading(date: string, language: NotificationLanguage): string {
  return dayParts(date, language, { weekday: true, dayMonth: true });
}

/** "27 Nov": a date on a USSD screen, read at once and with no room for the weekday. */
export function ussdDay(date: string, language: NotificationLanguage): string {
  return dayParts(date, language, { dayMonth: true });
}

/**
 * A day as a short message says it: "today", "tomorrow", the weekday within the coming week ("Thu"), else "28 Nov".
 * Days past are "28 Nov".
 */
export function shortDay(date: string, today: string, language: NotificationLanguage): string {
  const ahead = daysBetween(today, date);
  if (ahead === 0) return notificationText(language, 'time.today');
  if (ahead === 1) return notificationText(language, 'time.tomorrow');
  return dayParts(date, language, ahead > 1 && ahead < 7 ? { weekday: true } : { dayMonth: true });
}

/** A figure in the reader's locale, at most two decimals (the rules round their figures already). */
export function formatFigure(value: number, language: NotificationLanguage): string {
  return new Intl.NumberFormat(formatLocaleOf(language), { maximumFractionDigits: 2 }).format(value);
}

/**
 * An alert's params as its sentences show them: calendar dates as "Thu 28 Nov", numbers in the locale. With `today`,
 * each date param `x` also gets `xDay`-style short forms (`day` for `date`, `afterDay` for `afterDate`) for SMS.
 */
export function presentParams(params: ProblemParams, language: NotificationLanguage, today?: string): ProblemParams {
  const presented: ProblemParams = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number') presented[name] = formatFigure(value, language);
    else if (CALENDAR_DATE.test(value)) {
      presented[name] = formatDayForReading(value, language);
      if (today !== undefined) presented[name === 'date' ? 'day' : name.replace(/Date$/, 'Day')] = shortDay(value, today, language);
    } else presented[name] = value;
  }
  return presented;
}
