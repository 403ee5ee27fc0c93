import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from './form-errors.ts';

/**
 * A write that asks first ("Delete this record?"): which item is asked about, then the mutation's own busy state and
 * failure (e.g. 409 "This farm still has 2 fields") for the dialog. `dialog` spreads onto ConfirmDialog.
 */
export function useConfirmedMutation<Item, TData, TVariables>(
  mutation: UseMutationResult<TData, Error, TVariables>,
  variablesOf: (item: Item) => TVariables,
  onDone: (item: Item) => unknown,
) {
  const [target, setTarget] = useState<Item | null>(null);
  return {
    target,
    ask: (item: Item) => {
      mutation.reset();
      setTarget(item);
    },
    dialog: {
      open: target !== null,
      busy: mutation.isPending,
      error: mutation.error ? describeError(mutation.error) : null,
      onConfirm: () => {
        if (target === null) return;
        const item = target;
        mutation.mutate(variablesOf(item), {
          onSuccess: () => {
            setTarget(null);
            void onDone(item);
          },
        });
      },
      onClose: () => setTarget(null),
    },
  };
}
