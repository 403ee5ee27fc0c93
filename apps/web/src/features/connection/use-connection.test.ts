import { describe, expect, it } from 'vitest';
import { ROUND_TRIP_SAMPLES, SLOW_ROUND_TRIP_MS, slowByRoundTrips } from './use-connection.ts';

describe('a slow connection measured by round trips (browsers without navigator.connection)', () => {
  it('is decided only once there are enough round trips', () => {
    expect(ROUND_TRIP_SAMPLES).toBe(3);
    expect(slowByRoundTrips([])).toBe(false);
    expect(slowByRoundTrips([5000, 5000])).toBe(false);
    expect(slowByRoundTrips([5000, 5000, 5000])).toBe(true);
  });

  it('is slow from the 2G line of 1400 ms on, by the median of the last three', () => {
    expect(SLOW_ROUND_TRIP_MS).toBe(1400);
    expect(slowByRoundTrips([1399, 1399, 1399])).toBe(false);
    expect(slowByRoundTrips([1400, 1400, 1400])).toBe(true);
    // One stalled request among quick ones is not a slow connection; two of three are.
    expect(slowByRoundTrips([120, 10_000, 150])).toBe(false);
    expect(slowByRoundTrips([120, 10_000, 2000])).toBe(true);
  });

  it('follows the newest round trips: a connection that recovers stops being slow', () => {
    expect(slowByRoundTrips([3000, 3000, 3000, 200, 180])).toBe(false);
    expect(slowByRoundTrips([200, 180, 3000, 2500])).toBe(true);
  });
});
