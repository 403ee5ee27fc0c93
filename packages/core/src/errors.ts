/**
 * Error codes the API answers with, and the HTTP status each one maps to.
 * The body is always `{ error: { code, message, details? } }`; clients choose their text by status (spec §8).
 */
export const errorStatusByCode = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  INVALID_TOKEN: 400,
  FORBIDDEN: 403,
  /** The organisation has reached one of its limits (fields, boundary storage); the message says which and what to do. */
  QUOTA_EXCEEDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatusByCode;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** One problem with one input, pointed at the key it concerns so a form can show it beside that field. */
export interface FieldProblem {
  path: string;
  message: string;
}
