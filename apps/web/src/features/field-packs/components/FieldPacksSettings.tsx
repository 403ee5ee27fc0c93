import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { DataList, type DataColumn } from '../../../components/ui/DataList.tsx';
import { TextInput } from '../../../components/ui/form.tsx';
import { EmptyState, Spinner } from '../../../components/ui/layout.tsx';
import type { OfflineDb } from '../../../lib/offline-db.ts';
import { formatTimestamp } from '../../../lib/format.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { parsePackLimitMb } from '../pack-size.ts';
import type { FieldPack } from '../pack-store.ts';
import { packCacheAvailable, removePack, savePackLimit, usePackDb, usePacks } from '../use-field-packs.ts';
import { useMegabytes } from './megabytes.ts';

function LimitForm({ db, limitMb }: { db: OfflineDb; limitMb: number }) {
  const { t } = useTranslation('app');
  const { exact: mb } = useMegabytes();
  const [text, setText] = useState(String(limitMb));
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parsePackLimitMb(text);
    if (value === null) {
      setError(t('fieldPacks.limitInvalid'));
      return;
    }
    setError(undefined);
    await savePackLimit(db, value);
    showToast(t('fieldPacks.limitSaved', { size: mb(value * 1_000_000) }), { type: 'success' });
  };
  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={(event) => void submit(event)} noValidate>
      <div className="sm:w-72">
        <TextInput
          label={t('fieldPacks.limitLabel')}
          hint={t('fieldPacks.limitHint')}
          inputMode="numeric"
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary" className="sm:mt-8">
        {t('fieldPacks.saveLimit')}
      </Button>
    </form>
  );
}

/**
 * Settings' list of the offline packs on this device (farm, size, date, tiles missing) with Delete, and the storage
 * limit a download must fit in.
 */
export function FieldPacksSettings() {
  const { t } = useTranslation('app');
  const { exact: mb } = useMegabytes();
  const db = usePackDb();
  const { packs, limitMb } = usePacks(db);
  const [deleting, setDeleting] = useState<string | null>(null);

  if (!packCacheAvailable()) return <p className="text-stone-800">{t('fieldPacks.unavailable')}</p>;
  if (!db || !packs || limitMb === null) return <Spinner label={t('fieldPacks.loading')} />;

  const remove = async (pack: FieldPack) => {
    setDeleting(pack.farmId);
    try {
      await removePack(db, pack.farmId);
      showToast(t('fieldPacks.deleted', { farm: pack.farmName }), { type: 'success' });
    } finally {
      setDeleting(null);
    }
  };
  const missing = (pack: FieldPack) =>
    pack.tilesMissing > 0 ? t('fieldPacks.missingTiles', { count: pack.tilesMissing }) : t('fieldPacks.noneMissing');
  const downloaded = (pack: FieldPack) => formatTimestamp(new Date(pack.downloadedAt).toISOString());
  const deleteButton = (pack: FieldPack) => (
    <Button
      variant="secondary"
      aria-label={t('fieldPacks.deleteNamed', { farm: pack.farmName })}
      disabled={deleting === pack.farmId}
      onClick={() => void remove(pack)}
    >
      {deleting === pack.farmId ? t('actions.deleting') : t('fieldPacks.delete')}
    </Button>
  );
  const columns: DataColumn<FieldPack>[] = [
    { label: t('fieldPacks.farm'), className: 'px-3 py-2 font-semibold', cell: (pack) => pack.farmName },
    { label: t('fieldPacks.size'), cell: (pack) => mb(pack.bytes.total), alignRight: true },
    { label: t('fieldPacks.date'), cell: downloaded },
    { label: t('fieldPacks.missing'), cell: missing },
  ];
  const card = (pack: FieldPack) => (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 p-3">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">{pack.farmName}</p>
        <p className="text-sm text-stone-700">
          {mb(pack.bytes.total)} · {downloaded(pack)}
        </p>
        <p className="text-sm text-stone-700">
          {t('fieldPacks.missing')}: {missing(pack)}
        </p>
      </div>
      {deleteButton(pack)}
    </div>
  );
  const total = packs.reduce((sum, pack) => sum + pack.bytes.total, 0);

  return (
    <div className="flex flex-col gap-4">
      {packs.length === 0 ? (
        <EmptyState
          title={t('fieldPacks.emptyTitle')}
          message={t('fieldPacks.empty')}
          action={
            <ButtonLink to="/dashboard" variant="secondary">
              {t('fieldPacks.toFarms')}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <DataList
            items={packs}
            columns={columns}
            card={card}
            itemKey={(pack) => pack.farmId}
            actions={{ label: t('actions.actions'), cell: deleteButton }}
          />
          <p className="text-sm text-stone-700">{t('fieldPacks.total', { size: mb(total), limit: mb(limitMb * 1_000_000) })}</p>
        </>
      )}
      <LimitForm key={limitMb} db={db} limitMb={limitMb} />
    </div>
  );
}
