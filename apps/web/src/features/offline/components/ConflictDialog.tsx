import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { FormError } from '../../../components/ui/form.tsx';
import type { OfflineDb, SyncQueueItem } from '../../../lib/offline-db.ts';
import { resolveConflict } from '../outbox.ts';
import type { QueuedUpdate } from '../sync-actions.ts';
import { syncEngine } from '../sync-runtime.ts';
import { orderedKeys, useConflictWording } from './conflict-values.ts';

/**
 * An offline edit the server's record moved past: for each key the edit changed, the value on this device and the
 * server's value now, and which to keep (this device's by default: it is what the farmer last did). Saving sends
 * the kept values again on top of the server's version; keeping none drops the edit.
 */
export function ConflictDialog({
  db,
  item,
  what,
  onClose,
}: {
  db: OfflineDb;
  /** The conflict to settle; the dialog is closed while null. */
  item: SyncQueueItem | null;
  /** The record by name, e.g. "Block A". */
  what: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={item !== null} title={t('sync.conflict.title')} message={t('sync.conflict.message', { what })} onClose={onClose}>
      {/* Keyed by the item, so each conflict starts from "keep mine" everywhere. */}
      {item && <ConflictChoices key={item.id} db={db} item={item} onClose={onClose} />}
    </Dialog>
  );
}

function ConflictChoices({ db, item, onClose }: { db: OfflineDb; item: SyncQueueItem; onClose: () => void }) {
  const { t } = useTranslation();
  const wording = useConflictWording();
  const changes = (item.data as unknown as QueuedUpdate).changes ?? {};
  const server = item.current ?? {};
  const keys = orderedKeys(changes);
  const [keepMine, setKeepMine] = useState<Record<string, boolean>>(() => Object.fromEntries(keys.map((key) => [key, true])));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await resolveConflict(db, item, keepMine);
      onClose();
      if (navigator.onLine) void syncEngine.sync();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {keys.map((key) => {
        const name = `keep-${item.id}-${key}`;
        const option = (mine: boolean) => (
          <label className="grid min-h-11 cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 rounded-lg border border-stone-200 p-2 has-[:checked]:border-leaf-700 has-[:checked]:bg-leaf-50">
            <input
              type="radio"
              name={name}
              className="row-span-2 mt-1 size-4 accent-leaf-700"
              checked={keepMine[key] === mine}
              onChange={() => setKeepMine((previous) => ({ ...previous, [key]: mine }))}
            />
            <span className="font-semibold text-stone-900">{mine ? t('sync.conflict.keepMine') : t('sync.conflict.keepServer')}</span>
            <span className="text-sm break-words text-stone-700">
              {mine ? t('sync.conflict.mine') : t('sync.conflict.server')}:{' '}
              <strong className="font-medium text-stone-900">
                {wording.value(key, mine ? changes[key] : server[key], mine ? 'mine' : 'server', server)}
              </strong>
            </span>
          </label>
        );
        return (
          <fieldset key={key} className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold text-stone-900">{wording.label(key)}</legend>
            {option(true)}
            {option(false)}
          </fieldset>
        );
      })}
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          {t('sync.conflict.cancel')}
        </button>
        <Button type="submit" disabled={busy}>
          {t('sync.conflict.save')}
        </Button>
      </div>
    </form>
  );
}
