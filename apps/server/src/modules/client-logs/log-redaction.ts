/**
 * What a browser's log entry may hold that no log file should: a sign-in token, a password, an e-mail address or a
 * phone number (a farmer's phone is how they are reached and who they are). The browser is not trusted to leave them
 * out, so every text of an entry passes through `redactText` and every key that names a secret loses its value.
 */

export const REDACTED = '[redacted]';

/** A JWT (three base64url parts, the first `eyJ`: a JSON header), as `Authorization` headers and reset links carry. */
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
/** `Bearer …` and `Basic …` credentials, whatever they hold. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** `password=…`, `"token": "…"`, `secret: …`: a named secret in a query string, JSON or prose. */
const NAMED_SECRET =
  /\b(pass(?:word|wd|code)?|pwd|token|access_token|refresh_token|device_token|secret|api[_-]?key|otp|authorization)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi;
/** An e-mail address. */
const EMAIL = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g;
/**
 * A phone number with a nine-to-fifteen-digit body (E.164 allows 15; a Zimbabwean mobile is 9 digits after the 0 or
 * +263): one written with +, or with a leading 0 (grouped by spaces, dots, dashes or brackets), or a run of 11–12
 * digits from an African country code (2xx). Dates, times, coordinates and millisecond clocks (which start 1…) are left.
 */
const PHONE = /(?<![\w.+])(?:\+\d[\d ().-]{7,18}\d|0\d[\d ().-]{6,16}\d|2\d{10,11})(?!\w)/g;
/** A long string of base64url letters (32+): perhaps an API key or a session secret. */
const LONG_STRING = /[\w-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Hex (a hash or key), or letters of both cases with digits (base64); a record's UUID or a snake_case name is neither. */
const looksSecret = (text: string) =>
  !UUID.test(text) && (/^[0-9a-f]+$/i.test(text) || (/[a-z]/.test(text) && /[A-Z]/.test(text) && /\d/.test(text)));

const digitCount = (text: string) => text.replace(/\D/g, '').length;

/** `text` with every token, password, e-mail address, phone number and long secret replaced by `[redacted]`. */
export function redactText(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(NAMED_SECRET, (_match, name: string, separator: string) => `${name}${separator}${REDACTED}`)
    .replace(EMAIL, REDACTED)
    .replace(PHONE, (match) => (digitCount(match) >= 9 && digitCount(match) <= 15 ? REDACTED : match))
    .replace(LONG_STRING, (match) => (looksSecret(match) ? REDACTED : match));
}

/** Keys whose value is a secret or a person's contact however it looks. */
const SECRET_KEY = /pass|pwd|token|secret|authorization|cookie|api[_-]?key|otp|credential|e-?mail|phone|msisdn/i;

/** Deepest nesting of `extra` that is kept; deeper values are dropped (a log line is not a data dump). */
const MAX_DEPTH = 4;

/** A value from a log entry with its texts redacted and its secret-named keys emptied, to a bounded depth. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactText(key), SECRET_KEY.test(key) ? REDACTED : redactValue(item, depth + 1)]),
  );
}
