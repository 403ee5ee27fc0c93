import type { z } from 'zod';
import { friendlyErrorMessage } from '@murimi/core';
import { ApiError } from './api/client.ts';

export type FieldErrors = Record<string, string>;

/** Checks form values with the same zod schema the server uses; the first message per key. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return { data: null, errors };
}

/** The server's per-field problems of a failed call, keyed like `validate`'s. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.problems.map((p) => [p.path, p.message]));
}

/** Empty form inputs are "not given" (null) rather than empty strings. */
export function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

/** A number input's value: null when empty, NaN when not a number (the schema then says what is wrong). */
export function numberOrNull(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/** What to tell the person about a failed call: the server's words for a 4xx, a friendly line otherwise. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return friendlyErrorMessage(-1);
  if (error.status === 0) return error.message;
  if (error.status >= 500 || error.status === 401 || error.status === 403) return friendlyErrorMessage(error.status);
  return error.message || friendlyErrorMessage(error.status);
}

/** What a form shows when something is wrong: a message beside each input, and one at the top for the rest. */
export interface FormProblems {
  fields: FieldErrors;
  form: string | null;
}

/** A failed save told at the top of the form only: the server's own words for a 400 (e.g. an expired link), else a friendly line. */
export const failureAtTop = (error: unknown): FormProblems => ({
  fields: {},
  form:
    error instanceof ApiError && error.status === 400 ? error.message : friendlyErrorMessage(error instanceof ApiError ? error.status : 0),
});

/** The server's per-input problems for the inputs a form shows; anything else goes to the form's top. */
export function splitServerErrors(error: unknown, inputs: readonly string[]): FormProblems {
  const fields: FieldErrors = {};
  let unplaced = !(error instanceof ApiError) || error.problems.length === 0;
  if (error instanceof ApiError) {
    for (const problem of error.problems) {
      if (inputs.includes(problem.path)) fields[problem.path] ??= problem.message;
      else unplaced = true;
    }
  }
  return { fields, form: unplaced ? describeError(error) : null };
}

/** Errors from the client-side schema check for inputs the form does not show (e.g. the id) go to the top. */
export function unplacedMessage(errors: FieldErrors, inputs: readonly string[]): string | null {
  const key = Object.keys(errors).find((path) => !inputs.includes(path));
  return key ? (errors[key] ?? null) : null;
}
