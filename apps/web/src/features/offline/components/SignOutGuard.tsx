import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { offlineDb, openOfflineDb } from '../../../lib/offline-db.ts';
import { signOut } from '../../auth/auth-actions.ts';
import { session } from '../../auth/session.ts';

/** How long counting the unsent writes may take before the guard asks anyway (a database another tab holds open). */
export const UNSENT_COUNT_TIMEOUT_MS = 2000;

/**
 * The writes still waiting on this device for the signed-in person; null when they could not be counted. It counts in
 * the person's own database, opening it when this page has not yet (it opens after the load event), because signing
 * out deletes that database: a zero read from a database not open yet, or a failure taken for zero, would delete
 * writes without a word.
 */
export async function countUnsentWrites(timeoutMs = UNSENT_COUNT_TIMEOUT_MS): Promise<number | null> {
  const state = session.getState();
  if (state.status !== 'signed-in') return 0;
  // Without IndexedDB nothing can have been kept (writes were sent or failed in the form).
  if (typeof indexedDB === 'undefined') return 0;
  const open = offlineDb();
  const counting = (async () => {
    if (open) return open.syncQueue.count();
    const db = await openOfflineDb(state.claims.userId);
    try {
      return await db.syncQueue.count();
    } finally {
      db.close();
    }
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    return await Promise.race([counting, late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Signing out with writes still on this device: they go with the person's data, so the menus ask first ("You have
 * N changes not yet sent…"), focus on "Stay signed in". With nothing queued it signs out at once; when the writes
 * could not be counted it asks too, saying so.
 * Returns the menu item's action and the dialog to render beside it.
 */
export function useSignOutGuard(): { requestSignOut: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  // Counted when asked, not from a live count: a tap right after the screen opened must not skip the question.
  const [unsent, setUnsent] = useState<number | null>(0);
  const [asking, setAsking] = useState(false);
  const stay = useRef<HTMLButtonElement>(null);
  const dialog = (
    <Dialog
      open={asking}
      title={t('sync.signOut.title')}
      message={unsent === null ? t('sync.signOut.unknown') : t('sync.signOut.message', { count: unsent })}
      initialFocus={stay}
      onClose={() => setAsking(false)}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={stay} type="button" className={buttonClass('secondary')} onClick={() => setAsking(false)}>
          {t('sync.signOut.stay')}
        </button>
        <Button
          variant="danger"
          onClick={() => {
            setAsking(false);
            signOut();
          }}
        >
          {t('sync.signOut.confirm')}
        </Button>
      </div>
    </Dialog>
  );
  const requestSignOut = async () => {
    const count = await countUnsentWrites();
    if (count === 0) return signOut();
    setUnsent(count);
    setAsking(true);
  };
  return { requestSignOut: () => void requestSignOut(), dialog };
}
