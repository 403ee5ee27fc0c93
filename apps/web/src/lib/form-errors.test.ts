import { describe, expect, it } from 'vitest';
import { ApiError } from './api/client.ts';
import { describeError } from './form-errors.ts';

describe('describeError', () => {
  it('shows the sentence a server error carries: a service the server needs is unavailable', () => {
    const weather = 'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.';
    expect(describeError(new ApiError(503, weather, 'SERVICE_UNAVAILABLE'))).toBe(weather);
  });

  it('keeps the friendly line for a crash, or an error page without the server’s body', () => {
    expect(describeError(new ApiError(500, 'Something went wrong on our side. Please try again later.', 'INTERNAL'))).toBe(
      'Server error. Please try again later.',
    );
    expect(describeError(new ApiError(502, 'Bad Gateway'))).toBe('Server error. Please try again later.');
    expect(describeError(new ApiError(503, '', 'SERVICE_UNAVAILABLE'))).toBe('Server error. Please try again later.');
  });

  it('still words a 4xx with the server’s message and a dropped connection with its own', () => {
    expect(describeError(new ApiError(409, 'A health analysis is already running for this field.', 'CONFLICT'))).toBe(
      'A health analysis is already running for this field.',
    );
    expect(describeError(new ApiError(0, 'Unable to connect.'))).toBe('Unable to connect.');
  });
});
