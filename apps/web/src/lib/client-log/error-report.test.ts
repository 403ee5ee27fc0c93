import type { LogSeverity } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import type { LogDetails } from './client-logger.ts';
import { ERROR_QUEUE_MAX, ErrorReporter } from './error-report.ts';

function reporter() {
  const logged: { severity: LogSeverity; message: string; details?: LogDetails }[] = [];
  const errors = new ErrorReporter({ log: (severity, message, details) => void logged.push({ severity, message, details }) }, () => ({
    url: 'http://localhost:3000/reset-password?token=secret#top',
    userAgent: 'Mozilla/5.0 (Linux; Android 10; itel A56)',
    environment: 'production',
  }));
  return { errors, logged };
}

describe('the browser’s error reports (spec §3, §8)', () => {
  it('writes the report of spec §3, without the page’s query', () => {
    const { errors } = reporter();
    const report = errors.report(new ApiError(503, 'Weather is unavailable right now.'), 'call', {
      method: 'GET',
      endpoint: '/api/weather/abc?days=7',
      status: 503,
    });
    expect(report).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      timestamp: expect.any(String),
      category: 'api',
      type: 'ApiError',
      message: 'Weather is unavailable right now.',
      status: 503,
      endpoint: '/api/weather/abc',
      method: 'GET',
      url: 'http://localhost:3000/reset-password',
      userAgent: 'Mozilla/5.0 (Linux; Android 10; itel A56)',
      environment: 'production',
      stack: expect.any(String),
    });
  });

  it.each([
    ['a script error', new TypeError("Cannot read properties of undefined (reading 'name')"), 'script', undefined, 'CRITICAL', 'runtime'],
    ['an unhandled rejection', 'quota exceeded', 'rejection', undefined, 'CRITICAL', 'unknown'],
    ['a 401', new ApiError(401, 'Your session has expired.'), 'call', 401, 'CRITICAL', 'auth'],
    ['a 500', new ApiError(500, 'Server error.'), 'call', 500, 'CRITICAL', 'api'],
    ['a 502', new ApiError(502, 'Bad gateway'), 'call', 502, 'CRITICAL', 'api'],
    ['a 504', new ApiError(504, 'Gateway timeout'), 'call', 504, 'CRITICAL', 'api'],
    ['a 501', new ApiError(501, 'Not implemented'), 'call', 501, 'ERROR', 'api'],
    ['a 404', new ApiError(404, 'Field not found.'), 'call', 404, 'WARNING', 'api'],
    ['a 400', new ApiError(400, 'Name is required.'), 'call', 400, 'WARNING', 'validation'],
    ['no answer', new ApiError(0, 'Unable to connect to the server.'), 'call', 0, 'WARNING', 'network'],
  ] as const)('logs %s as %s (%s)', (_what, error, source, status, severity, category) => {
    const { errors, logged } = reporter();
    const call = status === undefined ? undefined : { method: 'POST', endpoint: '/api/fields', status };
    expect(errors.report(error, source, call).category).toBe(category);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.severity).toBe(severity);
    expect(logged[0]!.details?.labels).toMatchObject({ category, source });
  });

  it('keeps the newest 100 reports', () => {
    const { errors } = reporter();
    for (let n = 1; n <= 130; n++) errors.report(new Error(`failure ${n}`), 'script');
    expect(errors.reports).toHaveLength(ERROR_QUEUE_MAX);
    expect(errors.reports[0]!.message).toBe('failure 31');
    expect(errors.reports.at(-1)!.message).toBe('failure 130');
  });

  it('reports whatever was thrown, even what cannot be written as text', () => {
    const { errors } = reporter();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(errors.report(circular, 'rejection').message).toBe('[object Object]');
    expect(errors.report({ reason: 'x' }, 'rejection').message).toBe('{"reason":"x"}');
    expect(errors.report(undefined, 'rejection').message).toBe('undefined');
  });
});
