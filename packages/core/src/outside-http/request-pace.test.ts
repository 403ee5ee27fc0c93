import { describe, expect, it } from 'vitest';
import { RequestPace } from './request-pace.ts';

describe('a request pace', () => {
  it('lets a burst start at once, then spaces the rest at 60 s / rate, and refills while quiet', () => {
    let nowMs = 1_000_000;
    const pace = new RequestPace(600, 3, { now: () => nowMs });
    // 600 a minute: a slot every 100 ms; three may start together after a quiet spell.
    expect(Array.from({ length: 6 }, () => pace.book())).toEqual([0, 0, 0, 100, 200, 300]);
    // Time passes: the booked slots are used and the burst comes back only as fast as the rate refills it.
    nowMs += 400;
    expect(pace.book()).toBe(0);
    nowMs += 1_000;
    expect([pace.book(), pace.book(), pace.book(), pace.book()]).toEqual([0, 0, 0, 100]);
  });

  it('never starts more than the rate in any minute, however the requests come', () => {
    let nowMs = 0;
    const pace = new RequestPace(60, 10, { now: () => nowMs });
    const starts: number[] = [];
    for (let i = 0; i < 500; i++) {
      nowMs += (i * 7919) % 1_300; // irregular gaps of 0–1.3 s
      starts.push(nowMs + pace.book());
    }
    starts.sort((a, b) => a - b);
    // In any window of 60 s: at most the rate plus the burst allowed to start early.
    for (let i = 0; i < starts.length; i++) {
      const inWindow = starts.filter((start) => start >= starts[i]! && start < starts[i]! + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(60 + 10);
    }
  });

  it('refuses a rate or burst that cannot pace anything', () => {
    expect(() => new RequestPace(0, 10, { now: () => 0 })).toThrow(RangeError);
    expect(() => new RequestPace(60, 0, { now: () => 0 })).toThrow(RangeError);
  });
});
