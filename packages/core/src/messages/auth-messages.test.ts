import { describe, expect, it } from 'vitest';
import { CONNECT_MESSAGE, loginErrorMessage, registerErrorMessage } from './auth-messages.ts';

describe('sign-in error texts (spec §8)', () => {
  it.each([
    [401, undefined, 'Invalid email or password. Please check your credentials and try again.'],
    [400, 'Enter a valid e-mail address.', 'Enter a valid e-mail address.'],
    [400, undefined, 'Please check your email and password.'],
    [429, 'anything', 'Too many login attempts. Please wait a moment and try again.'],
    [500, 'boom', 'Server error occurred. Please try again later.'],
    [503, undefined, 'Server error occurred. Please try again later.'],
    [418, 'I am a teapot', 'I am a teapot'],
    [418, undefined, 'Login failed. Please try again.'],
    [0, undefined, CONNECT_MESSAGE],
  ])('login %i (%s)', (status, server, text) => expect(loginErrorMessage(status, server)).toBe(text));

  it.each([
    [400, 'Use at least 8 characters for your password.', 'Use at least 8 characters for your password.'],
    [400, undefined, 'Invalid registration data. Please check your information and try again.'],
    [409, 'whatever', 'An account with this email already exists. Please use a different email or try logging in.'],
    [429, undefined, 'Too many registration attempts. Please wait a moment and try again.'],
    [502, undefined, 'Server error occurred. Please try again later.'],
    [403, 'no', 'Registration failed. Please try again.'],
    [0, undefined, 'Unable to connect to the server. Please check your internet connection and try again.'],
  ])('register %i (%s)', (status, server, text) => expect(registerErrorMessage(status, server)).toBe(text));
});
