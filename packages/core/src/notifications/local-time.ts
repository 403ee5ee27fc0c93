/**
 * A person's local clock from an instant and their IANA time zone (Africa/Harare), through `Intl`: quiet hours, the
 * local day an SMS limit counts, and Monday 06:00 for the weekly digest. Pure: the instant is passed in.
 */

export interface LocalTime {
  /** YYYY-MM-DD in the time zone. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes since local midnight. */
  minuteOfDay: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date, weekday and time of day of `instant` in `timeZone`. */
export function localTimeIn(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday!),
    minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * When the quiet hours `from`–`to` (local HH:MM, crossing midnight when `from` is later than `to`) that hold
 * `instant` end, to the minute; null when `instant` is outside them (or there are none, or they are empty).
 */
export function quietHoursEnd(instant: Date, quietHours: { from: string; to: string } | null, timeZone: string): Date | null {
  if (!quietHours) return null;
  const from = minutesOf(quietHours.from);
  const to = minutesOf(quietHours.to);
  if (from === to) return null;
  const now = localTimeIn(instant, timeZone).minuteOfDay;
  const quiet = from < to ? now >= from && now < to : now >= from || now < to;
  if (!quiet) return null;
  const minutesLeft = (to - now + 1440) % 1440;
  const startOfMinute = Math.floor(instant.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + minutesLeft * 60_000);
}
