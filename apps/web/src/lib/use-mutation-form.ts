import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { focusFirstError } from './focus-error.ts';
import { splitServerErrors, unplacedMessage, type FieldErrors, type FormProblems } from './form-errors.ts';

/** The answer of `validate` (lib/form-errors.ts): the checked values, or the problems found. */
type Checked<D> = { data: D; errors: null } | { data: null; errors: FieldErrors };

interface MutationFormOptions {
  /** When given, focus moves to the first problem after a failed check or save. */
  form?: RefObject<HTMLFormElement | null>;
  /** What a failed save shows; by default the server's problem for each input shown, the rest at the top. */
  failure?: (error: unknown) => FormProblems;
}

const noProblems: FormProblems = { fields: {}, form: null };

/**
 * The one way a form saves: checked here with the server's schema, then sent through its feature's mutation. The
 * form reads whether the save runs (`busy`) and why it failed (`errors` beside the inputs, `formError` at the top)
 * from the mutation itself, so every form shows a failure the same way. `inputs` are the keys the form has an input
 * for; a problem for any other key (e.g. the record's id) is shown at the top.
 */
export function useMutationForm<TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
  inputs: readonly string[],
  { form, failure = (error) => splitServerErrors(error, inputs) }: MutationFormOptions = {},
) {
  // Problems the check found before sending; a new submit replaces them.
  const [checkErrors, setCheckErrors] = useState<FieldErrors | null>(null);
  const problems: FormProblems = checkErrors
    ? { fields: checkErrors, form: unplacedMessage(checkErrors, inputs) }
    : mutation.error
      ? failure(mutation.error)
      : noProblems;

  const focusProblem = () => {
    if (form) focusFirstError(form.current);
  };

  /** Shows what the check found; when it found nothing, sends `toVariables(data)` and calls `onSaved` with the answer. */
  function submit<D>(checked: Checked<D>, toVariables: (data: D) => TVariables, onSaved?: (answer: TData) => unknown): void {
    if (checked.errors) {
      mutation.reset();
      setCheckErrors(checked.errors);
      focusProblem();
      return;
    }
    setCheckErrors(null);
    mutation.mutate(toVariables(checked.data), { onSuccess: (answer) => void onSaved?.(answer), onError: focusProblem });
  }

  return { errors: problems.fields, formError: problems.form, busy: mutation.isPending, submit };
}
