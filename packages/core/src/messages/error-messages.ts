/**
 * What a person is told when something fails outside a form, exactly as the product spec words it (§8 "Friendly
 * messages by status", "By category", "Health monitor"), and the rules that pick the text. `status` 0 means no
 * answer reached the browser.
 */

/** Friendly messages by status for any call (spec §8). */
export function friendlyErrorMessage(status: number): string {
  if (status === 0) return CATEGORY_MESSAGES.network;
  if (status === 401) return 'Your session has expired. Please log in again.';
  if (status === 403) return 'You do not have permission to perform this action.';
  if (status === 404) return 'The requested resource was not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Server error. Please try again later.';
  return CATEGORY_MESSAGES.unknown;
}

export const ERROR_CATEGORIES = ['network', 'api', 'auth', 'validation', 'runtime', 'unknown'] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** Spec §8 "By category". */
export const CATEGORY_MESSAGES: Record<ErrorCategory, string> = {
  network: 'Connection problem. Please check your internet connection and try again.',
  api: 'Service temporarily unavailable. Please try again in a moment.',
  auth: 'Authentication required. Please log in and try again.',
  validation: 'Please check your input and try again.',
  runtime: 'An unexpected error occurred. Please refresh the page and try again.',
  unknown: 'Something went wrong. Please try again.',
};

/** What is known of a failure when it is sorted: its HTTP status (0: no answer), its type (`Error.name`), its message. */
export interface FailureFacts {
  status?: number | undefined;
  type?: string | undefined;
  message?: string | undefined;
}

/** Words of a browser's failed fetch (Chromium "Failed to fetch", Firefox "NetworkError…", Safari "Load failed"). */
const NETWORK_WORDS =
  /failed to fetch|networkerror|network error|network request failed|load failed|internet connection|offline|timed out|timeout/i;
const AUTH_WORDS = /unauthori[sz]ed|unauthenticated|not signed in|session has expired|log in again|forbidden/i;
const VALIDATION_WORDS = /invalid|is required|must be|validation/i;
/** The types a script error has: something in the app's own code went wrong. */
const RUNTIME_TYPES = new Set(['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError', 'EvalError', 'URIError']);

/**
 * The spec's category of a failure ("derived from message, type or status"), first rule that holds:
 * 1. a status: 0 network; 401, 403 auth; 400, 409, 413, 422 validation; 404, 408, 429 and 5xx api;
 * 2. the message names the network (a fetch that never reached the server, a timeout, being offline): network;
 * 3. the message: auth words, then validation words;
 * 4. the type: a script error (TypeError, ReferenceError, …) or any other named Error: runtime;
 * 5. unknown.
 */
export function errorCategory(failure: FailureFacts): ErrorCategory {
  const { status, type = '', message = '' } = failure;
  if (status !== undefined) {
    if (status === 0) return 'network';
    if (status === 401 || status === 403) return 'auth';
    if ([400, 409, 413, 422].includes(status)) return 'validation';
    if (status >= 400) return 'api';
  }
  if (type === 'TimeoutError' || NETWORK_WORDS.test(message)) return 'network';
  if (AUTH_WORDS.test(message)) return 'auth';
  if (VALIDATION_WORDS.test(message)) return 'validation';
  if (RUNTIME_TYPES.has(type) || /error$/i.test(type)) return 'runtime';
  return 'unknown';
}

/** The HTTP statuses whose failure is critical (spec §8), reported at once. */
const CRITICAL_STATUSES = new Set([500, 502, 503, 504]);

/** Where a failure was caught: a script error, an unhandled promise rejection, or a call or component that failed. */
export type FailureSource = 'script' | 'rejection' | 'call';

/** Spec §8 "Critical errors": script errors, unhandled rejections, auth errors, and status 500, 502, 503, 504. */
export function isCriticalFailure(source: FailureSource, category: ErrorCategory, status?: number): boolean {
  return source !== 'call' || category === 'auth' || (status !== undefined && CRITICAL_STATUSES.has(status));
}

/** Spec §8 "Health monitor": the text of a failed health check. `status` 0 means the network failed. */
export function healthCheckMessage(status: number, message?: string): string {
  if (status === 503) return 'Service temporarily unavailable. The server is currently undergoing maintenance.';
  if (status === 500) return 'Internal server error. Please try again later.';
  if (status === 0) return 'Network connection failed. Please check your internet connection.';
  if (status === 404) return 'Service endpoint not found. Please contact support.';
  return message || 'Connection failed. Please try again.';
}

/** Spec §8: shown (3 s) when the server answers again after an error toast. */
export const CONNECTION_RESTORED_MESSAGE = 'Connection restored successfully';
