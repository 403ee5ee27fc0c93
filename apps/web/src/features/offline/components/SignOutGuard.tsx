import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { signOut } from '../../auth/auth-actions.ts';
import { useOfflineDb } from '../use-live-query.ts';

/**
 * Signing out with writes still on this device: they go with the person's data, so the menus ask first ("You have
 * N changes not yet sent…"), focus on "Stay signed in". With nothing queued it signs out at once.
 * Returns the menu item's action and the dialog to render beside it.
 */
export function useSignOutGuard(): { requestSignOut: () => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const db = useOfflineDb();
  // Counted when asked, not from a live count: a tap right after the screen opened must not skip the question.
  const [unsent, setUnsent] = useState(0);
  const [asking, setAsking] = useState(false);
  const stay = useRef<HTMLButtonElement>(null);
  const dialog = (
    <Dialog
      open={asking}
      title={t('sync.signOut.title')}
      message={t('sync.signOut.message', { count: unsent })}
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
    const count = db ? await db.syncQueue.count().catch(() => 0) : 0;
    if (count === 0) return signOut();
    setUnsent(count);
    setAsking(true);
  };
  return { requestSignOut: () => void requestSignOut(), dialog };
}
