import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import i18next from '../../lib/i18n.ts';
import { AnalysisStartError, decideAfterStartFailure, startWithRetry } from './start-retry.ts';

/** A start that fails with each error in turn, then answers `answer`; it notes the fake clock at every try. */
function startFailing(errors: unknown[], answer = { id: 'run-1' }) {
  const triedAtMs: number[] = [];
  const t0 = Date.now();
  const start = () => {
    triedAtMs.push(Date.now() - t0);
    const error = errors.shift();
    return error === undefined ? Promise.resolve(answer) : Promise.reject(error);
  };
  return { start, triedAtMs };
}

/** The settled outcome of a promise, so that a rejection is not reported unhandled while the clock runs. */
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error }),
  );

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-15T08:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('starting an analysis with the spec’s retry rule', () => {
  it('tries a 404 twice more, 1 s and then 2 s later, and succeeds when the field shows up', async () => {
    const { start, triedAtMs } = startFailing([new ApiError(404, 'Field not found'), new ApiError(404, 'Field not found')]);
    const outcome = settle(startWithRetry(start));
    await vi.runAllTimersAsync();
    expect(await outcome).toEqual({ value: { id: 'run-1' }, error: undefined });
    expect(triedAtMs).toEqual([0, 1_000, 3_000]);
  });

  it('gives up after the third 400 with the spec’s text', async () => {
    const { start, triedAtMs } = startFailing([400, 400, 400].map((status) => new ApiError(status, 'Invalid field')));
    const outcome = settle(startWithRetry(start));
    await vi.advanceTimersByTimeAsync(999);
    expect(triedAtMs).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(triedAtMs).toEqual([0, 1_000]);
    await vi.advanceTimersByTimeAsync(2_000);
    const { error } = await outcome;
    expect(triedAtMs).toEqual([0, 1_000, 3_000]);
    expect(error).toBeInstanceOf(AnalysisStartError);
    expect((error as AnalysisStartError).message).toBe('Analysis request failed. Please check your field data and try again.');
    expect(i18next.t((error as AnalysisStartError).key, { ns: 'app' })).toBe(
      'Analysis request failed. Please check your field data and try again.',
    );
  });

  it('says the field is not found after the third 404', async () => {
    const { start } = startFailing([404, 404, 404].map((status) => new ApiError(status, 'Field not found')));
    const outcome = settle(startWithRetry(start));
    await vi.runAllTimersAsync();
    expect(((await outcome).error as Error).message).toBe('Field not found. Please refresh the page and try again.');
  });

  it('fails at once, with the spec’s text, on every failure other than 400 and 404', async () => {
    const cases: [unknown, string][] = [
      [
        new ApiError(409, 'A health analysis is already running'),
        'This analysis is already running for this field. Wait for it to finish, or cancel it, before starting another.',
      ],
      [new ApiError(0, 'Unable to connect'), 'Network error. Please check your internet connection and try again.'],
      [new TypeError('Failed to fetch'), 'Network error. Please check your internet connection and try again.'],
      [new SyntaxError('Unexpected token < in JSON'), 'Server response error. Please refresh the page and try again.'],
      [new DOMException('The operation timed out.', 'TimeoutError'), 'Request timeout. Please check your connection and try again.'],
      [new ApiError(504, 'Gateway Timeout'), 'Request timeout. Please check your connection and try again.'],
      [new ApiError(500, 'Internal error'), 'Analysis request failed. Please try again or contact support if the issue persists.'],
      [new ApiError(403, 'Forbidden'), 'Analysis request failed. Please try again or contact support if the issue persists.'],
    ];
    for (const [failure, sentence] of cases) {
      const { start, triedAtMs } = startFailing([failure]);
      const { error } = await settle(startWithRetry(start));
      expect(triedAtMs).toEqual([0]);
      expect((error as AnalysisStartError).message).toBe(sentence);
      expect(i18next.t((error as AnalysisStartError).key, { ns: 'app' })).toBe(sentence);
    }
  });

  it('decides from the try number: waits 1 s after the first, 2 s after the second, gives up after the third', () => {
    const notFound = new ApiError(404, 'Field not found');
    expect(decideAfterStartFailure(notFound, 1)).toEqual({ retry: true, delayMs: 1_000 });
    expect(decideAfterStartFailure(notFound, 2)).toEqual({ retry: true, delayMs: 2_000 });
    expect(decideAfterStartFailure(notFound, 3)).toEqual({ retry: false, reason: 'fieldNotFound' });
    expect(decideAfterStartFailure(new ApiError(409, 'running'), 1)).toEqual({ retry: false, reason: 'alreadyRunning' });
  });
});
