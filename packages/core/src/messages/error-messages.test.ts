import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MESSAGES,
  CONNECTION_RESTORED_MESSAGE,
  errorCategory,
  friendlyErrorMessage,
  healthCheckMessage,
  isCriticalFailure,
} from './error-messages.ts';

describe('the texts of spec §8', () => {
  it.each([
    [401, 'Your session has expired. Please log in again.'],
    [403, 'You do not have permission to perform this action.'],
    [404, 'The requested resource was not found.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error. Please try again later.'],
    [503, 'Server error. Please try again later.'],
    [0, 'Connection problem. Please check your internet connection and try again.'],
    [418, 'Something went wrong. Please try again.'],
  ])('by status %i', (status, text) => expect(friendlyErrorMessage(status)).toBe(text));

  it('by category', () => {
    expect(CATEGORY_MESSAGES).toEqual({
      network: 'Connection problem. Please check your internet connection and try again.',
      api: 'Service temporarily unavailable. Please try again in a moment.',
      auth: 'Authentication required. Please log in and try again.',
      validation: 'Please check your input and try again.',
      runtime: 'An unexpected error occurred. Please refresh the page and try again.',
      unknown: 'Something went wrong. Please try again.',
    });
  });

  it.each([
    [503, undefined, 'Service temporarily unavailable. The server is currently undergoing maintenance.'],
    [500, undefined, 'Internal server error. Please try again later.'],
    [0, 'Failed to fetch', 'Network connection failed. Please check your internet connection.'],
    [404, undefined, 'Service endpoint not found. Please contact support.'],
    [502, 'Bad gateway', 'Bad gateway'],
    [502, undefined, 'Connection failed. Please try again.'],
  ])('of the health monitor for %i', (status, message, text) => expect(healthCheckMessage(status, message)).toBe(text));

  it('says the connection is back in the spec’s words', () => {
    expect(CONNECTION_RESTORED_MESSAGE).toBe('Connection restored successfully');
  });
});

describe('the category rule', () => {
  it.each([
    [{ status: 0 }, 'network'],
    [{ status: 401 }, 'auth'],
    [{ status: 403, message: 'Please check your input' }, 'auth'],
    [{ status: 400, message: 'Server error' }, 'validation'],
    [{ status: 422 }, 'validation'],
    [{ status: 404 }, 'api'],
    [{ status: 429 }, 'api'],
    [{ status: 502 }, 'api'],
    [{ type: 'TypeError', message: 'Failed to fetch' }, 'network'],
    [{ type: 'TypeError', message: 'NetworkError when attempting to fetch resource.' }, 'network'],
    [{ type: 'Error', message: 'Request timeout' }, 'network'],
    [{ type: 'TimeoutError', message: 'The operation timed out.' }, 'network'],
    [{ type: 'Error', message: 'Your session has expired. Please log in again.' }, 'auth'],
    [{ type: 'Error', message: 'Name is required.' }, 'validation'],
    [{ type: 'TypeError', message: "Cannot read properties of undefined (reading 'connection')" }, 'runtime'],
    [{ type: 'ReferenceError', message: 'x is not defined' }, 'runtime'],
    [{ type: 'ChunkLoadError', message: 'Loading chunk 3 failed.' }, 'runtime'],
    [{ message: 'something odd' }, 'unknown'],
    [{}, 'unknown'],
  ] as const)('sorts %o as %s', (failure, category) => expect(errorCategory(failure)).toBe(category));

  it('calls script errors, rejections, auth errors and 500/502/503/504 critical, nothing else', () => {
    expect(isCriticalFailure('script', 'runtime')).toBe(true);
    expect(isCriticalFailure('rejection', 'unknown')).toBe(true);
    expect(isCriticalFailure('call', 'auth', 401)).toBe(true);
    for (const status of [500, 502, 503, 504]) expect(isCriticalFailure('call', 'api', status)).toBe(true);
    for (const status of [404, 429, 501]) expect(isCriticalFailure('call', 'api', status)).toBe(false);
    expect(isCriticalFailure('call', 'validation', 400)).toBe(false);
    expect(isCriticalFailure('call', 'network', 0)).toBe(false);
  });
});
