import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatDayMonth, isoDay, utcDayNumber } from './dates.ts';

describe('calendar dates', () => {
  it('takes the UTC date of an instant, whatever the hour', () => {
    expect(isoDay(new Date('2025-11-15T00:00:00Z'))).toBe('2025-11-15');
    expect(isoDay(new Date('2025-11-15T23:59:59.999Z'))).toBe('2025-11-15');
    // 01:30 in Harare (UTC+2) is still the day before in UTC.
    expect(isoDay(new Date('2025-11-16T01:30:00+02:00'))).toBe('2025-11-15');
  });

  it('adds and subtracts days across month, year and leap-day boundaries', () => {
    expect(addDays('2025-11-15', 0)).toBe('2025-11-15');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-11-15', 130)).toBe('2026-03-25');
    expect(addDays('2025-11-15', 1.6)).toBe('2025-11-17');
  });

  it('counts whole days between dates, negative when the second is earlier', () => {
    expect(daysBetween('2025-11-15', '2025-11-15')).toBe(0);
    expect(daysBetween('2025-11-15', '2026-03-01')).toBe(106);
    expect(daysBetween('2026-03-01', '2025-11-15')).toBe(-106);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-11-15', addDays('2025-11-15', 1_000))).toBe(1_000);
  });

  it('refuses what is not a calendar date instead of rolling it over', () => {
    expect(() => daysBetween('2025-02-30', '2025-03-01')).toThrow(RangeError);
    expect(() => addDays('2025-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('2025-11-15T10:00:00Z', 1)).toThrow(RangeError);
    expect(() => utcDayNumber('15/11/2025')).toThrow(RangeError);
    expect(utcDayNumber('1970-01-02')).toBe(1);
  });

  it('prints a date for an advice sentence as day and month, adding the year only when it is not the reference year', () => {
    expect(formatDayMonth('2026-11-27')).toBe('27 Nov');
    expect(formatDayMonth('2026-01-05', '2026-11-27')).toBe('5 Jan');
    expect(formatDayMonth('2025-12-31', '2026-01-02')).toBe('31 Dec 2025');
    expect(() => formatDayMonth('2026-02-30')).toThrow(RangeError);
  });
});
