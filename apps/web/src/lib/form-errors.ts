import type { z } from 'zod';
import { codedProblemOf, friendlyErrorMessage, type ProblemParams } from '@murimi/core';
import { ApiError } from './api/client.ts';
import { formatMeasuredHectares, formatNumber } from './format.ts';
import i18next from './i18n.ts';
import { isStorageFull } from './storage-full.ts';

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
    // A boundary rule checked here words its problem like the server's answer would be worded.
    const coded = issue.code === 'custom' ? codedProblemOf(issue.params) : undefined;
    errors[key] ??= coded ? describeProblem({ message: issue.message, ...coded }) : issue.message;
  }
  return { data: null, errors };
}

/** A problem as the server sent it: its English sentence, and its code and numbers when core names it. */
export interface DescribableProblem {
  message: string;
  code?: string | undefined;
  params?: ProblemParams | undefined;
}

/**
 * A problem in the person's language: the locale's `problems.<CODE>` text with the problem's numbers formatted for
 * that language, when the locale (or English, its fallback) has the key; else the server's own sentence. A `ring`
 * param chooses the sentence's variant (the boundary, a hole, all rings) through i18next's context.
 */
export function describeProblem(problem: DescribableProblem): string {
  if (!problem.code) return problem.message;
  const params = problem.params ?? {};
  const key = `problems.${problem.code}`;
  const context = typeof params.ring === 'string' ? params.ring : undefined;
  if (!i18next.exists(key, { ns: 'common', context })) return problem.message;
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value !== 'number' ? value : name === 'areaHectares' ? formatMeasuredHectares(value) : formatNumber(value, 6),
    ]),
  );
  // The key is built from the code, so the typed `t` (which knows only literal keys) cannot check it; `exists` did.
  const translate = i18next.t.bind(i18next) as unknown as (key: string, options: Record<string, unknown>) => string;
  return translate(key, { ...values, ns: 'common', context });
}

/** The message of a failed call: its first problem in the person's language when that is what the message says. */
function serverMessage(error: ApiError): string {
  const first = error.problems[0];
  return first?.code && first.message === error.message ? describeProblem(first) : error.message;
}

/** The server's per-field problems of a failed call, keyed like `validate`'s. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.problems.map((p) => [p.path, describeProblem(p)]));
}

/** Empty form inputs are "not given" (null) rather than empty strings. */
export function blankToNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

/** A number input's value: null when empty, NaN when not a number (the schema then says what is wrong). */
export function numberOrNull(value: string): number | null {
  return value.trim() === '' ? null : Number(value);
}

/**
 * Whether a server error carries a sentence of its own for the person: the server's error body with a code other than
 * `INTERNAL` (e.g. 503 "Weather is unavailable right now: …"). A crash (`INTERNAL`) or a proxy's page has none.
 */
const saysWhy = (error: ApiError) => !!error.code && error.code !== 'INTERNAL' && error.message.trim() !== '';

/**
 * What to tell the person about a failed call: the server's words for a 4xx and for a server error that says why
 * (a service it needs is unavailable), a sentence when the device's storage is full, a friendly line otherwise.
 */
export function describeError(error: unknown): string {
  if (isStorageFull(error)) return i18next.t('sync.storage.full', { ns: 'common' });
  if (!(error instanceof ApiError)) return friendlyErrorMessage(-1);
  if (error.status === 0) return error.message;
  if (error.status >= 500 && saysWhy(error)) return serverMessage(error);
  if (error.status >= 500 || error.status === 401 || error.status === 403) return friendlyErrorMessage(error.status);
  return serverMessage(error) || friendlyErrorMessage(error.status);
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
    error instanceof ApiError && error.status === 400
      ? serverMessage(error)
      : friendlyErrorMessage(error instanceof ApiError ? error.status : 0),
});

/** The server's per-input problems for the inputs a form shows; anything else goes to the form's top. */
export function splitServerErrors(error: unknown, inputs: readonly string[]): FormProblems {
  const fields: FieldErrors = {};
  let unplaced = !(error instanceof ApiError) || error.problems.length === 0;
  if (error instanceof ApiError) {
    for (const problem of error.problems) {
      if (inputs.includes(problem.path)) fields[problem.path] ??= describeProblem(problem);
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
