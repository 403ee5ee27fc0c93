import type { FieldSummary } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataList, type DataColumn } from '../../../components/ui/DataList.tsx';
import { formatArea, useAreaUnit } from '../../../lib/area-unit.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCropName } from '../api/fields.ts';

/** Fields as a table on wide screens and as tappable cards on phones; with `farmNames`, each names its farm. */
export function FieldRows({ fields, farmNames }: { fields: FieldSummary[]; farmNames?: Map<string, string> }) {
  const { t } = useTranslation('app');
  const unit = useAreaUnit();
  const cropName = useCropName();
  const columns: DataColumn<FieldSummary>[] = [
    {
      label: t('field.name'),
      className: 'px-3 py-2',
      cell: (field) => (
        <Link
          to={`/fields/${field.id}`}
          className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline-offset-2 hover:underline"
        >
          {field.name}
        </Link>
      ),
    },
    ...(farmNames
      ? [
          {
            label: t('field.farm'),
            className: 'px-3 py-2',
            cell: (field: FieldSummary) => (
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
      cell: (field) => formatArea(field.size_hectares, unit),
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
            <span className="block text-sm text-stone-700">
              {[farmNames?.get(field.farmId), cropName(field.cropType) ?? t('field.noCrop')].filter(Boolean).join(' · ')}
            </span>
            <span className="block text-sm text-stone-600">
              {field.plantingDate ? t('fields.plantedOn', { date: formatDate(field.plantingDate) }) : t('fields.notPlanted')}
            </span>
          </span>
          <span className="shrink-0 font-semibold whitespace-nowrap text-stone-900">{formatArea(field.size_hectares, unit)}</span>
        </Link>
      )}
    />
  );
}
