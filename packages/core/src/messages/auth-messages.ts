/**
 * The texts a person sees when signing in or registering fails, chosen by HTTP status exactly as the
 * product spec lists them (§8 Login, Register). `status` 0 means no response reached the browser.
 */
export const CONNECT_MESSAGE = 'Unable to connect to the server. Please check your internet connection and try again.';

export function loginErrorMessage(status: number, serverMessage?: string): string {
  if (status === 0) return CONNECT_MESSAGE;
  if (status === 401) return 'Invalid email or password. Please check your credentials and try again.';
  if (status === 400) return serverMessage || 'Please check your email and password.';
  if (status === 429) return 'Too many login attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Server error occurred. Please try again later.';
  return serverMessage || 'Login failed. Please try again.';
}

export function registerErrorMessage(status: number, serverMessage?: string): string {
  if (status === 0) return CONNECT_MESSAGE;
  if (status === 400) return serverMessage || 'Invalid registration data. Please check your information and try again.';
  if (status === 409) return 'An account with this email already exists. Please use a different email or try logging in.';
  if (status === 429) return 'Too many registration attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Server error occurred. Please try again later.';
  return 'Registration failed. Please try again.';
}

/** A login answer without a token is an error (spec §7). */
export const MISSING_TOKEN_MESSAGE = "Login response missing 'access_token'.";

/** Friendly messages by status for any other call (spec §8). */
export function friendlyErrorMessage(status: number): string {
  if (status === 0) return 'Connection problem. Please check your internet connection and try again.';
  if (status === 401) return 'Your session has expired. Please log in again.';
  if (status === 403) return 'You do not have permission to perform this action.';
  if (status === 404) return 'The requested resource was not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Server error. Please try again later.';
  return 'Something went wrong. Please try again.';
}
