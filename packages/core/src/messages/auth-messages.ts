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
