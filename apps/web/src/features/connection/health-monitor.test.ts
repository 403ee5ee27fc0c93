import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HealthMonitor, nextCheckDelayMs, uptimePercent, type HealthCheckResult } from './health-monitor.ts';

/** A server whose answers the test sets, counting checks, and the toasts the monitor shows. */
function setUp() {
  let answer: HealthCheckResult = { status: 200 };
  const checks: number[] = [];
  const toasts: { message: string; type: string; duration: number }[] = [];
  const logged: string[] = [];
  const monitor = new HealthMonitor({
    check: async () => {
      checks.push(Date.now());
      return answer;
    },
    toast: (message, options) => void toasts.push({ message, ...options }),
    log: (severity, message) => void logged.push(`${severity} ${message}`),
  });
  return {
    monitor,
    checks,
    toasts,
    logged,
    answer(next: HealthCheckResult) {
      answer = next;
    },
  };
}

describe('the connection health monitor (spec §4, §8, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('checks at once and then every 30 s while the server answers', async () => {
    const { monitor, checks } = setUp();
    monitor.start();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(checks).toEqual([0, 30_000, 60_000, 90_000]);
    expect(monitor.status).toMatchObject({ connected: true, consecutiveFailures: 0, error: null, lastCheck: 90_000 });
    monitor.stop();
  });

  it('retries after 5 s, then 10 s, and after the third failure in a row goes back to every 30 s', async () => {
    expect([0, 1, 2, 3, 4, 9].map(nextCheckDelayMs)).toEqual([30_000, 5_000, 10_000, 30_000, 30_000, 30_000]);
    const { monitor, checks, answer } = setUp();
    answer({ status: 0 });
    monitor.start();
    await vi.advanceTimersByTimeAsync(100_000);
    // Failures at 0 (retry in 5 s), 5 s (retry in 10 s), 15 s (the third: no more quick retries), then every 30 s.
    expect(checks).toEqual([0, 5_000, 15_000, 45_000, 75_000]);
    monitor.stop();
  });

  it('shows the spec’s error toast after 3 failures in a row, 8 s long, at most once a minute', async () => {
    const { monitor, toasts, answer } = setUp();
    answer({ status: 0 });
    monitor.start();
    await vi.advanceTimersByTimeAsync(14_999);
    expect(toasts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts).toEqual([
      { message: 'Network connection failed. Please check your internet connection.', type: 'error', duration: 8_000 },
    ]);
    // Failures at 45 s and 75 s: under a minute since the toast at 15 s, then over a minute at 75 s.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(toasts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(toasts).toHaveLength(2);
    monitor.stop();
  });

  it.each([
    [503, undefined, 'Service temporarily unavailable. The server is currently undergoing maintenance.'],
    [500, undefined, 'Internal server error. Please try again later.'],
    [404, undefined, 'Service endpoint not found. Please contact support.'],
    [502, 'Bad gateway', 'Bad gateway'],
    [502, undefined, 'Connection failed. Please try again.'],
  ])('words the toast for %i in the spec’s words', async (status, message, text) => {
    const { monitor, toasts, answer } = setUp();
    answer({ status, ...(message && { message }) });
    monitor.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(toasts.map((toast) => toast.message)).toEqual([text]);
    expect(monitor.status.error).toBe(text);
    monitor.stop();
  });

  it('says the connection is restored (3 s) only after an error toast, and only once', async () => {
    const { monitor, toasts, answer, logged } = setUp();
    answer({ status: 0 });
    monitor.start();
    await vi.advanceTimersByTimeAsync(5_000); // two failures, no toast yet
    answer({ status: 200 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(toasts).toHaveLength(0);
    answer({ status: 0 });
    await vi.advanceTimersByTimeAsync(30_000 + 5_000 + 10_000); // three failures: the error toast
    expect(toasts.map((toast) => toast.type)).toEqual(['error']);
    answer({ status: 200 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(toasts.at(-1)).toEqual({ message: 'Connection restored successfully', type: 'success', duration: 3_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(toasts.map((toast) => toast.type)).toEqual(['error', 'success']);
    // Each failure and each recovery is logged for the operator.
    expect(logged.filter((line) => line.startsWith('WARNING Health check failed (no answer)'))).toHaveLength(5);
    expect(logged.filter((line) => line.startsWith('INFO Connection restored'))).toEqual([
      'INFO Connection restored after 2 failed health checks',
      'INFO Connection restored after 3 failed health checks',
    ]);
    monitor.stop();
  });

  it('figures uptime as 100 when connected, else 100 less 10 per failure', async () => {
    expect(uptimePercent({ connected: true, consecutiveFailures: 0 })).toBe(100);
    expect(uptimePercent({ connected: false, consecutiveFailures: 3 })).toBe(70);
    expect(uptimePercent({ connected: false, consecutiveFailures: 14 })).toBe(0);
    const { monitor, answer } = setUp();
    answer({ status: 503 });
    monitor.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(monitor.uptime).toBe(80);
    monitor.stop();
  });

  it('tells its listeners after each check, and checks nothing while the device is offline', async () => {
    let online = false;
    let checked = 0;
    const monitor = new HealthMonitor({
      check: async () => ({ status: (checked += 1) && 200 }),
      toast: () => {},
      isOnline: () => online,
    });
    const heard = vi.fn();
    monitor.subscribe(heard);
    monitor.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checked).toBe(0);
    online = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checked).toBe(1);
    expect(heard).toHaveBeenCalledTimes(1);
    monitor.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(checked).toBe(1);
  });
});
