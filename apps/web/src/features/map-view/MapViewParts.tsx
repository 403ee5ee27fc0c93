import { ACRES_PER_HECTARE, type CropGroup, type FieldPoint } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { Spinner } from '../../components/ui/layout.tsx';
import { ApiError } from '../../lib/api/client.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useFarms } from '../farms/api/farms.ts';
import { fieldQuery } from '../fields/api/fields.ts';
import { useCropName } from '../fields/crop-names.ts';
import { CROP_GROUP_COLOURS } from './field-layers.ts';

/** Over an empty map: no fields yet, and where to add one. */
export function NoFieldsOnMap() {
  const { t } = useTranslation('app');
  return (
    <div className="absolute inset-x-3 top-3 mx-auto max-w-md rounded-lg bg-white p-4 shadow-lg">
      <h2 className="font-bold text-stone-900">{t('mapView.emptyTitle')}</h2>
      <p className="mt-1 text-stone-700">{t('mapView.empty')}</p>
      <ButtonLink to="/create-farm-field" className="mt-3">
        {t('actions.addField')}
      </ButtonLink>
    </div>
  );
}

/** The crop groups on the map and their colours. */
export function CropLegend({ groups }: { groups: CropGroup[] }) {
  const { t } = useTranslation('app');
  return (
    <ul
      aria-label={t('mapView.legend')}
      className="absolute bottom-8 left-2 flex max-w-[60%] flex-wrap gap-x-3 gap-y-1 rounded-lg bg-white/90 p-2 text-xs text-stone-900 shadow"
    >
      {groups.map((group) => (
        <li key={group} className="flex items-center gap-1">
          <span aria-hidden className="size-3 rounded-sm border border-stone-400" style={{ backgroundColor: CROP_GROUP_COLOURS[group] }} />
          {t(`mapView.groups.${group}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The selected field's facts: a panel beside the map on wide screens, a sheet over its lower part on phones. They come
 * with the field read by id (the map reads it for the full outline too). Offline, name, size and crop come from the
 * kept list (`listed`) when the field itself was not kept, and the rest show "—".
 */
export function FieldSheet({
  fieldId,
  listed,
  onClose,
  onEditBoundary,
}: {
  fieldId: string;
  listed: FieldPoint | undefined;
  onClose: () => void;
  onEditBoundary: () => void;
}) {
  const { t } = useTranslation('app');
  const cropName = useCropName();
  const farms = useFarms();
  const details = useQuery(fieldQuery(fieldId));
  const field = details.data ?? listed;
  const notFound = !field && details.error instanceof ApiError && details.error.status === 404;
  const farm = details.data ? farms.data?.find((f) => f.id === details.data.farmId) : undefined;
  const detail = (value: (read: NonNullable<typeof details.data>) => string) =>
    details.data ? value(details.data) : details.isPending ? '…' : '—';
  return (
    <aside
      aria-label={field ? field.name : notFound ? t('mapView.notFoundTitle') : t('mapView.fieldLoading')}
      className="absolute inset-x-0 bottom-0 z-10 max-h-[55%] overflow-y-auto rounded-t-2xl border-t border-stone-200 bg-white p-4 shadow-2xl lg:static lg:max-h-none lg:w-96 lg:rounded-none lg:border-t-0 lg:border-l lg:shadow-none"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-bold text-stone-900">{field ? field.name : notFound ? t('mapView.notFoundTitle') : '…'}</h2>
        <Button variant="ghost" onClick={onClose} aria-label={t('mapView.close')}>
          ✕
        </Button>
      </div>
      {notFound ? (
        <p className="mt-2 text-stone-700">{t('mapView.notFound')}</p>
      ) : !field ? (
        details.isError ? (
          <LoadError error={details.error} onRetry={() => void details.refetch()} />
        ) : (
          <Spinner label={t('mapView.fieldLoading')} />
        )
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
            <Fact label={t('field.farm')} value={detail(() => farm?.name ?? '—')} />
            <Fact
              label={t('field.size')}
              value={t('fieldDetail.size', {
                hectares: formatNumber(field.size_hectares, 2),
                acres: formatNumber(field.size_hectares * ACRES_PER_HECTARE, 2),
              })}
            />
            <Fact label={t('field.crop')} value={cropName(field.cropType) ?? t('field.notSet')} />
            <Fact label={t('field.variety')} value={detail((read) => read.variety ?? t('field.notSet'))} />
            <Fact
              label={t('field.plantingDate')}
              value={detail((read) => (read.plantingDate ? formatDate(read.plantingDate) : t('field.notSet')))}
            />
            <Fact label={t('field.irrigated')} value={detail((read) => (read.irrigated ? t('field.yes') : t('field.no')))} />
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={onEditBoundary}>{t('mapView.editBoundary')}</Button>
            <ButtonLink to={`/fields/${field.id}`} variant="secondary">
              {t('mapView.openField')}
            </ButtonLink>
          </div>
        </>
      )}
    </aside>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="break-words text-stone-900">{value}</dd>
    </div>
  );
}
