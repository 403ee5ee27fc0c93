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
  /** An update sent with `If-Match` for a version the record no longer has; `details.current` holds the record now. */
  RECORD_CHANGED: 409,
  EMAIL_TAKEN: 409,
  /**
   * A new planting date would leave water records before planting; `details` names them
   * (`RecordsBeforePlantingDetails`) and the change is sent again with `waterRecordsBeforePlanting`.
   */
  RECORDS_BEFORE_PLANTING: 409,
  /** A file kept for a while (a report) and since deleted; the message says how to make a new one. */
  GONE: 410,
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

/** The numbers and names a problem's sentence uses, so that a client can word it in its own language. */
export type ProblemParams = Record<string, string | number>;

/** A problem core names (e.g. a boundary rule): its code and the values its sentence uses. */
export interface CodedProblem {
  code: string;
  params: ProblemParams;
}

/**
 * A problem as the API tells it: `message` is the spec's English text; `code` and `params`, when the problem is
 * named (a boundary rule of core, a shape an import cannot use), let a client choose its own words.
 */
export interface WordedProblem {
  message: string;
  code?: string;
  params?: ProblemParams;
}

/** One problem with one input, pointed at the key it concerns so a form can show it beside that field. */
export interface FieldProblem extends WordedProblem {
  path: string;
}

/**
 * The params of a zod custom issue that carries a coded problem: `{ problem: { code, params } }`. Every place that
 * turns issues into API details (the request check, a bulk create's item reports) reads it back with
 * `codedProblemOf`, so the code survives the trip through zod.
 */
export const codedIssueParams = (problem: CodedProblem): { problem: CodedProblem } => ({
  problem: { code: problem.code, params: problem.params },
});

/** The coded problem a zod issue's params carry (see `codedIssueParams`), if any. */
export function codedProblemOf(issueParams: unknown): CodedProblem | undefined {
  const problem = (issueParams as { problem?: unknown } | null | undefined)?.problem as Partial<CodedProblem> | undefined;
  if (!problem || typeof problem.code !== 'string' || typeof problem.params !== 'object' || problem.params === null) return undefined;
  return { code: problem.code, params: problem.params };
}
