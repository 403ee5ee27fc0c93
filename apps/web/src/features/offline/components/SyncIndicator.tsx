import type { WaterRecordsBeforePlantingChoice } from '@murimi/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/ui/Dialog.tsx';
import type { OfflineDb, SyncQueueItem } from '../../../lib/offline-db.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { addAgain, answerRecordsBeforePlanting, canAddAgain, dependentWrites, discardWrite, recordIdOf, retryWrite } from '../outbox.ts';
import { syncEngine } from '../sync-runtime.ts';
import { useOfflineDb } from '../use-live-query.ts';
import { useWriteWording } from './describe-write.ts';
import { indicatorState, useSyncStatus, type IndicatorState, type SyncStatus } from './sync-status.ts';

// Loaded when a conflict is opened: it measures boundaries with the geometry library, which no other part of the
// shell needs (the device keeps the file for offline use like every screen's).
const ConflictDialog = lazy(() => import('./ConflictDialog.tsx').then((module) => ({ default: module.ConflictDialog })));

/** The dot beside the words (never colour alone): grey offline, blue sending, amber waiting, green all sent. */
const dotClass: Record<IndicatorState, string> = {
  offline: 'bg-stone-500',
  syncing: 'bg-sky-600 motion-safe:animate-pulse',
  pending: 'bg-amber-500',
  online: 'bg-leaf-600',
};

function useIndicatorText(status: SyncStatus): string {
  const { t } = useTranslation();
  const state = indicatorState(status);
  if (state === 'pending') return t('sync.indicator.pending', { count: status.pending.length });
  return t(`sync.indicator.${state}`);
}

/**
 * The header's sync indicator (spec §4): Offline, Syncing..., N pending or Online with a coloured dot, and how many
 * writes were not sent or need a choice; it opens the sync panel. `compact` for the phone header.
 */
export function SyncIndicator({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  const text = useIndicatorText(status);
  const state = indicatorState(status);
  // Not sent in red, to review in amber; on a phone the count alone, the words in the button's name.
  const problems = [
    { count: status.failed.length, text: t('sync.indicator.failed', { count: status.failed.length }), tone: 'bg-red-100 text-red-900' },
    {
      count: status.conflicts.length + status.deleted.length,
      text: t('sync.indicator.conflicts', { count: status.conflicts.length + status.deleted.length }),
      tone: 'bg-amber-100 text-amber-950',
    },
  ].filter((problem) => problem.count > 0);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('sync.indicator.open', { status: [text, ...problems.map((problem) => problem.text)].join(', ') })}
        data-testid="sync-indicator"
        data-state={state}
        className="flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-2 text-sm font-medium whitespace-nowrap text-stone-800 hover:bg-stone-100"
      >
        <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${dotClass[state]}`} />
        <span data-testid="sync-indicator-text" aria-hidden="true">
          {text}
        </span>
        {problems.map((problem) => (
          <span key={problem.text} aria-hidden="true" className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${problem.tone}`}>
            {compact ? problem.count : problem.text}
          </span>
        ))}
      </button>
      <SyncPanel open={open} status={status} onClose={() => setOpen(false)} />
    </>
  );
}

const sectionTitle = 'text-sm font-semibold tracking-wide text-stone-600 uppercase';

/**
 * What the device keeps and sends: the connection, the writes waiting (what each is, when it was saved, and the field
 * it waits for when that field was not sent), those not sent with their reason ("Try again", "Discard" after a
 * question that counts the records discarded with a field), those the server changed meanwhile ("Choose what to
 * keep"), those deleted elsewhere ("Add it again" or "Discard my change"), and the Offline Mode and All Synced notices.
 */
export function SyncPanel({ open, status, onClose }: { open: boolean; status: SyncStatus; onClose: () => void }) {
  const { t } = useTranslation();
  const db = useOfflineDb();
  const { describe, subject, fieldName } = useWriteWording();
  const [discarding, setDiscarding] = useState<{ item: SyncQueueItem; dependents: number } | null>(null);
  const [resolving, setResolving] = useState<SyncQueueItem | null>(null);
  const connectionText = {
    online: t('sync.panel.connectionOnline'),
    offline: t('sync.panel.connectionOffline'),
    slow: t('sync.panel.connectionSlow'),
  }[status.connection];
  const savedAt = (item: SyncQueueItem) => t('sync.panel.savedAt', { time: formatRelativeTime(item.timestamp) });

  // A pass that fails (the database closed by a sign-out meanwhile) leaves everything queued: the next one sends it.
  const sendSoon = () => {
    if (navigator.onLine) void syncEngine.sync().catch(() => undefined);
  };
  const retry = async (database: OfflineDb, item: SyncQueueItem) => {
    await retryWrite(database, item.id);
    sendSoon();
  };
  const answer = async (database: OfflineDb, item: SyncQueueItem, choice: WaterRecordsBeforePlantingChoice) => {
    await answerRecordsBeforePlanting(database, item.id, choice);
    sendSoon();
  };
  // Before a create is discarded, the writes saved for that record are counted: they go with it, and the question says so.
  const askDiscard = async (database: OfflineDb, item: SyncQueueItem) => {
    const dependents = item.id === recordIdOf(item) ? (await dependentWrites(database, item.id)).length : 0;
    setDiscarding({ item, dependents });
  };
  const reasonOf = (item: SyncQueueItem) =>
    item.reasonCode ? t(`sync.reasons.${item.reasonCode}`, { defaultValue: item.reason ?? '' }) : item.reason;
  const waitingText = (item: SyncQueueItem) => {
    const field = fieldName(item.waitingFor);
    return field ? t('sync.panel.waitingFor', { field }) : t('sync.panel.waitingForUnnamed');
  };

  return (
    <Dialog open={open} title={t('sync.panel.title')} message={t('sync.panel.summary')} onClose={onClose}>
      <div className="flex flex-col gap-4" data-testid="sync-panel">
        <p className="flex items-center justify-between gap-3 rounded-lg bg-stone-100 px-3 py-2">
          <span className="text-stone-700">{t('sync.panel.connection')}</span>
          <span className="font-semibold text-stone-900">{connectionText}</span>
        </p>
        {status.connection === 'offline' && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <p className="font-semibold">{t('sync.panel.offlineTitle')}</p>
            <p className="text-sm">{t('sync.panel.offlineMessage')}</p>
          </div>
        )}
        {status.items.length === 0 && (
          <div role="status" className="rounded-lg border border-leaf-200 bg-leaf-50 p-3 text-leaf-900">
            <p className="font-semibold">{t('sync.panel.allSyncedTitle')}</p>
            <p className="text-sm">{t('sync.panel.allSyncedMessage')}</p>
          </div>
        )}
        {status.conflicts.length > 0 && (
          <section aria-label={t('sync.panel.conflictsTitle')}>
            <h3 className={sectionTitle}>{t('sync.panel.conflictsTitle')}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              {status.conflicts.map((item) => (
                <li key={item.id} className="rounded-lg border border-amber-300 p-3">
                  <p className="font-semibold text-stone-900">{describe(item)}</p>
                  <p className="text-sm text-stone-700">{t('sync.panel.conflictMessage')}</p>
                  <p className="text-sm text-stone-600">{savedAt(item)}</p>
                  {db && (
                    <Button variant="secondary" className="mt-2" onClick={() => setResolving(item)}>
                      {t('sync.panel.chooseWhatToKeep')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {status.deleted.length > 0 && (
          <section aria-label={t('sync.panel.deletedTitle')}>
            <h3 className={sectionTitle}>{t('sync.panel.deletedTitle')}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              {status.deleted.map((item) => (
                <li key={item.id} className="rounded-lg border border-amber-300 p-3">
                  <p className="font-semibold text-stone-900">{describe(item)}</p>
                  <p className="text-sm text-stone-700">
                    {canAddAgain(item) ? t('sync.panel.deletedMessage') : t('sync.panel.deletedCannotAdd')}
                  </p>
                  <p className="text-sm text-stone-600">{savedAt(item)}</p>
                  {db && (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {canAddAgain(item) && (
                        <Button variant="secondary" onClick={() => void addAgain(db, item).then(sendSoon)}>
                          {t('sync.panel.addAgain')}
                        </Button>
                      )}
                      <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => void askDiscard(db, item)}>
                        {t('sync.panel.discardMine')}
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {status.failed.length > 0 && (
          <section aria-label={t('sync.panel.failedTitle')}>
            <h3 className={sectionTitle}>{t('sync.panel.failedTitle')}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              {status.failed.map((item) => (
                <li key={item.id} className="rounded-lg border border-red-300 p-3">
                  <p className="font-semibold text-stone-900">{describe(item)}</p>
                  {reasonOf(item) && <p className="text-sm text-red-800">{reasonOf(item)}</p>}
                  <p className="text-sm text-stone-600">{savedAt(item)}</p>
                  {db && (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {item.errorCode === 'RECORDS_BEFORE_PLANTING' ? (
                        // The server asked what becomes of the water logged before the new planting date: the answer
                        // is the way on, not the same change again.
                        <>
                          <Button variant="secondary" onClick={() => void answer(db, item, 'keep')}>
                            {t('sync.panel.keepWaterRecords')}
                          </Button>
                          <Button variant="secondary" onClick={() => void answer(db, item, 'delete')}>
                            {t('sync.panel.deleteWaterRecords')}
                          </Button>
                        </>
                      ) : (
                        <Button variant="secondary" onClick={() => void retry(db, item)}>
                          {t('sync.panel.tryAgain')}
                        </Button>
                      )}
                      <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={() => void askDiscard(db, item)}>
                        {t('sync.panel.discard')}
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {status.pending.length > 0 && (
          <section aria-label={t('sync.panel.pendingTitle')}>
            <h3 className={sectionTitle}>{t('sync.panel.pendingTitle')}</h3>
            <ul className="mt-2 flex flex-col gap-2">
              {status.pending.map((item) => (
                <li key={item.id} className="rounded-lg border border-stone-200 p-3">
                  <p className="font-semibold text-stone-900">{describe(item)}</p>
                  {item.state === 'waiting' && <p className="text-sm text-amber-900">{waitingText(item)}</p>}
                  <p className="text-sm text-stone-600">{savedAt(item)}</p>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('sync.panel.close')}
          </Button>
        </div>
      </div>
      {db && (
        <>
          <ConfirmDialog
            open={discarding !== null}
            title={t('sync.panel.discardTitle')}
            message={
              !discarding
                ? ''
                : discarding.dependents > 0
                  ? t('sync.panel.discardWithDependents', { what: describe(discarding.item), count: discarding.dependents })
                  : t('sync.panel.discardMessage', { what: describe(discarding.item) })
            }
            confirmLabel={t('sync.panel.discard')}
            onConfirm={() => {
              const item = discarding?.item;
              setDiscarding(null);
              if (item) void discardWrite(db, item).then(sendSoon);
            }}
            onClose={() => setDiscarding(null)}
          />
          {resolving && (
            <Suspense fallback={null}>
              <ConflictDialog db={db} item={resolving} what={subject(resolving)} onClose={() => setResolving(null)} />
            </Suspense>
          )}
        </>
      )}
    </Dialog>
  );
}
