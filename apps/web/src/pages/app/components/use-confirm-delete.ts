import { useState } from 'react';
import { describeError } from '../../../lib/form-errors.ts';

/**
 * The state of a "delete this record?" dialog: which record is asked about, whether the delete is running,
 * and the server's message when it failed (e.g. 409 "This farm still has 2 fields").
 */
export function useConfirmDelete<T>(remove: (item: T) => Promise<unknown>, afterDelete: (item: T) => void | Promise<unknown>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (target === null) return;
    setBusy(true);
    setError(null);
    try {
      await remove(target);
      const done = target;
      setTarget(null);
      await afterDelete(done);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return {
    target,
    ask: (item: T) => {
      setError(null);
      setTarget(item);
    },
    dialog: {
      open: target !== null,
      busy,
      error,
      onConfirm: () => void confirm(),
      onClose: () => setTarget(null),
    },
  };
}
