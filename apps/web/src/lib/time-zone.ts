/** Time zones by name (IANA, e.g. Africa/Harare): their offset at a moment and a moment written in them. */

/** The wall clock of `timeZone` at `instant`, as the fields of a UTC date (year, month, day, hour, minute, second). */
export function wallClock(instant: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')));
}

/** Minutes `timeZone` is ahead of UTC at `instant` (Africa/Harare: 120); 0 for a zone this browser does not know. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  try {
    const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
    return Math.round((wallClock(whole, timeZone).getTime() - whole.getTime()) / 60_000);
  } catch {
    return 0;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An offset in minutes as ISO 8601 writes it: 120 → "+02:00", −210 → "-03:30". */
export function offsetText(minutes: number): string {
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** `instant` as the local time of `timeZone` with its offset, to the second: "2026-11-29T06:00:00+02:00". */
export function isoInZone(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant, timeZone);
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetText(offset)}`;
}

/** This device's own time zone. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
