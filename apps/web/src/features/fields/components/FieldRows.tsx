import type { FieldSummary } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataList, type DataColumn } from '../../../components/ui/DataList.tsx';
import { formatArea, useAreaUnit } from '../../../lib/area-unit.ts';
import { formatDate } from '../../../lib/format.ts';
import type { SyncState } from '../../../lib/offline-db.ts';
import { SyncStateBadge } from '../../offline/components/SyncStateBadge.tsx';
import { useCropName } from '../crop-names.ts';

type FieldRow = FieldSummary & { syncState?: SyncState };

/**
 * Fields as a table on wide screens and as tappable cards on phones; with `farmNames`, each names its farm. A field
 * this device has not sent yet says so, and its hectares (measured by the server) show as "—" until then.
 */
export function FieldRows({ fields, farmNames }: { fields: FieldRow[]; farmNames?: Map<string, string> }) {
  const { t } = useTranslation('app');
  const unit = useAreaUnit();
  const cropName = useCropName();
  const area = (field: FieldRow) => (typeof field.size_hectares === 'number' ? formatArea(field.size_hectares, unit) : '—');
  const columns: DataColumn<FieldRow>[] = [
    {
      label: t('field.name'),
      className: 'px-3 py-2',
      cell: (field) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to={`/fields/${field.id}`}
            className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline-offset-2 hover:underline"
          >
            {field.name}
          </Link>
          <SyncStateBadge state={field.syncState} />
        </span>
      ),
    },
    ...(farmNames
      ? [
          {
            label: t('field.farm'),
            className: 'px-3 py-2',
            cell: (field: FieldRow) => (
              <Link to={`/farms/${field.farmId}`} className="text-stone-900 underline-offset-2 hover:underline">
                {farmNames.get(field.farmId) ?? '—'}
              </Link>
            ),
          },
        ]
      : []),
    {
      label: t('field.crop'),
      className: 'px-3 py-2',
      cell: (field) => cropName(field.cropType) ?? <span className="text-stone-600">{t('field.noCrop')}</span>,
    },
    {
      label: t('field.size'),
      alignRight: true,
      className: 'px-3 py-2 whitespace-nowrap',
      cell: area,
    },
    { label: t('field.plantingDate'), cell: (field) => formatDate(field.plantingDate) },
  ];
  return (
    <DataList
      items={fields}
      itemKey={(field) => field.id}
      columns={columns}
      rowClassName="border-b border-stone-200 hover:bg-stone-50"
      card={(field) => (
        <Link
          to={`/fields/${field.id}`}
          className="flex min-h-11 items-start justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3 hover:border-leaf-700"
        >
          <span className="min-w-0">
            <span className="block font-semibold break-words text-leaf-800">{field.name}</span>
            {field.syncState && (
              <span className="my-1 block">
                <SyncStateBadge state={field.syncState} />
              </span>
            )}
            <span className="block text-sm text-stone-700">
              {[farmNames?.get(field.farmId), cropName(field.cropType) ?? t('field.noCrop')].filter(Boolean).join(' · ')}
            </span>
            <span className="block text-sm text-stone-600">
              {field.plantingDate ? t('fields.plantedOn', { date: formatDate(field.plantingDate) }) : t('fields.notPlanted')}
            </span>
          </span>
          <span className="shrink-0 font-semibold whitespace-nowrap text-stone-900">{area(field)}</span>
        </Link>
      )}
    />
  );
}
