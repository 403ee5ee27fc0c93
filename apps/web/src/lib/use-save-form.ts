import { friendlyErrorMessage } from '@murimi/core';
import { useState, type RefObject } from 'react';
import { ApiError } from './api/client.ts';
import { splitServerErrors, unplacedMessage, type FieldErrors } from './form-errors.ts';
import { focusFirstError } from './focus-error.ts';

/** What a form shows when something is wrong: a message beside each input, and one at the top for the rest. */
export interface FormProblems {
  fields: FieldErrors;
  form: string | null;
}

/** The answer of `validate` (lib/form-errors.ts): the checked values, or the problems found. */
type Checked<D> = { data: D; errors: null } | { data: null; errors: FieldErrors };

/** A failed save told at the top of the form only: the server's own words for a 400 (e.g. an expired link), else a friendly line. */
export const failureAtTop = (error: unknown): FormProblems => ({
  fields: {},
  form:
    error instanceof ApiError && error.status === 400 ? error.message : friendlyErrorMessage(error instanceof ApiError ? error.status : 0),
});

interface SaveFormOptions {
  /** When given, focus moves to the first problem after a failed check or save. */
  form?: RefObject<HTMLFormElement | null>;
  /** What a failed save shows; by default the server's problem for each input shown, the rest at the top. */
  failure?: (error: unknown) => FormProblems;
}

/**
 * The state of a form that is checked here and then saved on the server: the problems beside the inputs and at the
 * top of the form, and whether a save is running. `inputs` are the keys the form has an input for; a problem for any
 * other key (e.g. the record's id) is shown at the top.
 */
export function useSaveForm(inputs: readonly string[], { form, failure }: SaveFormOptions = {}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function show(problems: FormProblems) {
    setErrors(problems.fields);
    setFormError(problems.form);
    if (form) focusFirstError(form.current);
  }

  /** Shows what the check found; when it found nothing, runs `send` with the checked values and shows why it failed, if it does. */
  async function save<D>(checked: Checked<D>, send: (data: D) => Promise<void>): Promise<void> {
    if (checked.errors) {
      show({ fields: checked.errors, form: unplacedMessage(checked.errors, inputs) });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await send(checked.data);
    } catch (error) {
      show(failure ? failure(error) : splitServerErrors(error, inputs));
    } finally {
      setBusy(false);
    }
  }

  return { errors, formError, busy, save };
}
