import { describe, expect, it } from 'vitest';
import { snoozeUntil } from './snooze.ts';

describe('snoozing an alert', () => {
  it('ends at 06:00 the next day in the person’s time zone, whatever the device’s clock says', () => {
    // 23:30 in Harare on the 28th: "tomorrow" is the 29th.
    const lateEvening = new Date('2026-11-28T21:30:00Z');
    expect(snoozeUntil('tomorrow-morning', lateEvening, 'Africa/Harare')).toBe('2026-11-29T06:00:00+02:00');
    // 01:00 in Harare on the 28th (still the 27th in UTC): tomorrow is the 29th, not the 28th.
    expect(snoozeUntil('tomorrow-morning', new Date('2026-11-27T23:00:00Z'), 'Africa/Harare')).toBe('2026-11-29T06:00:00+02:00');
    expect(snoozeUntil('tomorrow-morning', lateEvening, 'UTC')).toBe('2026-11-29T06:00:00+00:00');
    // The same moment is 00:30 on the 29th in Nairobi, so its tomorrow is the 30th.
    expect(snoozeUntil('tomorrow-morning', lateEvening, 'Africa/Nairobi')).toBe('2026-11-30T06:00:00+03:00');
  });

  it('ends at the same time of day 3 or 7 days on', () => {
    const now = new Date('2026-11-28T08:15:42.500Z');
    expect(snoozeUntil('three-days', now, 'Africa/Harare')).toBe('2026-12-01T10:15:42+02:00');
    expect(snoozeUntil('one-week', now, 'Africa/Maputo')).toBe('2026-12-05T10:15:42+02:00');
  });

  it('finds the morning across a clock change, and in UTC for a zone the browser does not know', () => {
    // Europe/Lisbon goes from +01:00 to +00:00 at 02:00 on 25 Oct 2026: the morning after is at +00:00.
    expect(snoozeUntil('tomorrow-morning', new Date('2026-10-24T12:00:00Z'), 'Europe/Lisbon')).toBe('2026-10-25T06:00:00+00:00');
    expect(snoozeUntil('tomorrow-morning', new Date('2026-11-28T12:00:00Z'), 'Mars/Olympus')).toBe('2026-11-29T06:00:00+00:00');
  });
});
