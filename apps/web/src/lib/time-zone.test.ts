import { describe, expect, it } from 'vitest';
import { isoInZone, offsetText, zoneOffsetMinutes } from './time-zone.ts';

describe('time zones', () => {
  it('give the offset at a moment, across a clock change', () => {
    expect(zoneOffsetMinutes(new Date('2026-11-28T12:00:00Z'), 'Africa/Harare')).toBe(120);
    // Europe/Lisbon goes from +01:00 to +00:00 at 02:00 on 25 Oct 2026.
    expect(zoneOffsetMinutes(new Date('2026-10-24T12:00:00Z'), 'Europe/Lisbon')).toBe(60);
    expect(zoneOffsetMinutes(new Date('2026-10-25T12:00:00Z'), 'Europe/Lisbon')).toBe(0);
  });

  it('write a moment in a zone with its offset, west of UTC too, and in UTC for a zone the browser does not know', () => {
    expect(isoInZone(new Date('2026-11-28T21:30:00.900Z'), 'Africa/Harare')).toBe('2026-11-28T23:30:00+02:00');
    expect(isoInZone(new Date('2026-11-28T12:00:00Z'), 'America/St_Johns')).toBe('2026-11-28T08:30:00-03:30');
    expect(isoInZone(new Date('2026-11-28T12:00:00Z'), 'Mars/Olympus')).toBe('2026-11-28T12:00:00+00:00');
    expect(offsetText(-210)).toBe('-03:30');
  });
});
