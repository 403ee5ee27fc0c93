import { codedProblemOf, errorStatusByCode, type ErrorCode, type FieldProblem } from '@murimi/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { urlForLog } from './request-log.ts';

/** The one error type of the server: a code (which fixes the HTTP status) and a message for the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** For 429 and 503: whole seconds until trying again can succeed, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return errorStatusByCode[this.code];
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found.`);
  }

  /** A problem with one input key, shown by the form next to that key. */
  static invalid(path: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', message, [{ path, message } satisfies FieldProblem]);
  }
}

/**
 * Whether the database refused a write for the unique index or constraint `name` (PostgreSQL's unique_violation,
 * SQLSTATE 23505): how two requests claiming one value at the same moment learn which came second. PGlite names the
 * index only in the message, PostgreSQL's driver also in `constraint`.
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: string; constraint?: string; message?: string };
  return code === '23505' && String(constraint ?? message).includes(name);
}

const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as JSON (Content-Type: application/json).',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'VALIDATION_FAILED', message: 'The request body is empty; send a JSON object.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'VALIDATION_FAILED', message: 'The Content-Length header does not match the body.' },
};

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(errorStatusByCode) as [ErrorCode, number][]).find(([, s]) => s === status);
  return match ? match[0] : status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
}

/** Turns a zod issue into the message a person reads, naming unknown keys plainly. */
function problemsOf(
  error: FastifyError & { validation: { instancePath: string; message?: string; keyword: string; params: Record<string, unknown> }[] },
): FieldProblem[] {
  const where = (error as { validationContext?: string }).validationContext;
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params.keys as string[] | undefined) ?? [];
      return { path: path || (where ?? 'body'), message: `Unknown ${keys.length > 1 ? 'fields' : 'field'}: ${keys.join(', ')}.` };
    }
    if (issue.keyword === 'invalid_type' && path) {
      // zod words a missing key as "expected X, received undefined".
      const missing = issue.message?.endsWith('received undefined');
      return { path, message: missing ? `${path} is required.` : `${path}: ${issue.message}` };
    }
    const problem = { path: path || (where ?? 'body'), message: issue.message ?? 'Invalid value.' };
    // A problem core names (a boundary rule) keeps its code and numbers, so a client can word it in its language.
    const coded = issue.keyword === 'custom' ? codedProblemOf(issue.params.params) : undefined;
    return coded ? { ...problem, ...coded } : problem;
  });
}

/** One handler for every error: known errors answer their code; anything else is a logged 500 with no internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return reply.status(error.statusCode).send({ error: { code: error.code, message: error.message, details: error.details } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = problemsOf(error as never);
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION_FAILED', message: problems[0]?.message ?? 'Invalid request.', details: problems } });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(errorStatusByCode[known.code]).send({ error: known });
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = codeForStatus(error.statusCode);
      return reply.status(error.statusCode).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error, method: request.method, url: urlForLog(request.url) }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again later.' } });
  });
}
