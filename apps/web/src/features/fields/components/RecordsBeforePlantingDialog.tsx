import type { RecordsBeforePlantingDetails, WaterRecordsBeforePlantingChoice } from '@murimi/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';

interface RecordsBeforePlantingDialogProps {
  /** What the server named; the dialog is open while there is something to decide. */
  details: RecordsBeforePlantingDetails | null;
  busy: boolean;
  onChoose: (choice: WaterRecordsBeforePlantingChoice) => void;
  onClose: () => void;
}

/**
 * The question a later planting date asks when water was logged on the field before it: keep those records (they
 * stay, before the season, and the water balance does not count them) or delete them. Focus starts on Keep, the
 * choice that loses nothing; Cancel leaves the field as it was.
 */
export function RecordsBeforePlantingDialog({ details, busy, onChoose, onClose }: RecordsBeforePlantingDialogProps) {
  const { t } = useTranslation('app');
  const keep = useRef<HTMLButtonElement>(null);
  const listed = details?.records ?? [];
  const total = details ? details.irrigations + details.rainReadings : 0;
  return (
    <Dialog
      open={details !== null}
      title={t('fieldDetail.beforePlantingTitle')}
      message={t('fieldDetail.beforePlantingMessage', { count: total, date: formatDate(details?.plantingDate) })}
      locked={busy}
      initialFocus={keep}
      onClose={onClose}
    >
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-stone-200 text-sm" aria-label={t('fieldDetail.beforePlantingList')}>
        {listed.map((record) => (
          <li
            key={`${record.kind}:${record.id}`}
            className="flex justify-between gap-3 border-b border-stone-100 px-3 py-1.5 last:border-0"
          >
            <span>{formatDate(record.date)}</span>
            <span className="text-stone-600">
              {t(record.kind === 'irrigation' ? 'fieldDetail.beforePlantingIrrigation' : 'fieldDetail.beforePlantingRain', {
                mm: formatNumber(record.amountMm, 1),
              })}
            </span>
          </li>
        ))}
        {total > listed.length && (
          <li className="px-3 py-1.5 text-stone-600">{t('fieldDetail.beforePlantingMore', { count: total - listed.length })}</li>
        )}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          {t('actions.cancel')}
        </button>
        <Button variant="danger" onClick={() => onChoose('delete')} disabled={busy}>
          {t('fieldDetail.beforePlantingDelete', { count: total })}
        </Button>
        <button ref={keep} type="button" className={buttonClass('primary')} onClick={() => onChoose('keep')} disabled={busy}>
          {t('fieldDetail.beforePlantingKeep', { count: total })}
        </button>
      </div>
    </Dialog>
  );
}
