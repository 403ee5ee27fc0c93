import type { FieldSummary } from '@murimi/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatArea, useAreaUnit, type AreaUnit } from '../../../features/records/area-unit.ts';
import { useCropName } from '../../../features/records/use-records.ts';
import { formatDate } from './format.ts';
import { useWideLayout } from './use-media-query.ts';

interface RowProps {
  field: FieldSummary;
  farmName: string | undefined;
  cropName: string | null;
  unit: AreaUnit;
}

const FieldCard = memo(function FieldCard({ field, farmName, cropName, unit }: RowProps) {
  const { t } = useTranslation('app');
  return (
    <li>
      <Link
        to={`/fields/${field.id}`}
        className="flex min-h-11 items-start justify-between gap-3 rounded-lg border border-stone-200 bg-white p-3 hover:border-leaf-700"
      >
        <span className="min-w-0">
          <span className="block font-semibold break-words text-leaf-800">{field.name}</span>
          <span className="block text-sm text-stone-700">{[farmName, cropName ?? t('field.noCrop')].filter(Boolean).join(' · ')}</span>
          <span className="block text-sm text-stone-600">
            {field.plantingDate ? t('fields.plantedOn', { date: formatDate(field.plantingDate) }) : t('fields.notPlanted')}
          </span>
        </span>
        <span className="shrink-0 font-semibold whitespace-nowrap text-stone-900">{formatArea(field.size_hectares, unit)}</span>
      </Link>
    </li>
  );
});

const FieldRow = memo(function FieldRow({ field, farmName, cropName, unit, showFarm }: RowProps & { showFarm: boolean }) {
  const { t } = useTranslation('app');
  return (
    <tr className="border-b border-stone-200 hover:bg-stone-50">
      <td className="px-3 py-2">
        <Link
          to={`/fields/${field.id}`}
          className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline-offset-2 hover:underline"
        >
          {field.name}
        </Link>
      </td>
      {showFarm && (
        <td className="px-3 py-2">
          <Link to={`/farms/${field.farmId}`} className="text-stone-900 underline-offset-2 hover:underline">
            {farmName ?? '—'}
          </Link>
        </td>
      )}
      <td className="px-3 py-2">{cropName ?? <span className="text-stone-600">{t('field.noCrop')}</span>}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatArea(field.size_hectares, unit)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDate(field.plantingDate)}</td>
    </tr>
  );
});

/** Fields as a table on wide screens and as tappable cards on phones; only one of the two is rendered. */
export function FieldRows({ fields, farmNames }: { fields: FieldSummary[]; farmNames?: Map<string, string> }) {
  const { t } = useTranslation('app');
  const wide = useWideLayout();
  const unit = useAreaUnit();
  const cropName = useCropName();
  if (!wide) {
    return (
      <ul className="flex flex-col gap-2">
        {fields.map((field) => (
          <FieldCard key={field.id} field={field} farmName={farmNames?.get(field.farmId)} cropName={cropName(field.cropType)} unit={unit} />
        ))}
      </ul>
    );
  }
  const head = 'px-3 py-2 text-left text-sm font-semibold text-stone-700';
  const headRight = 'px-3 py-2 text-right text-sm font-semibold text-stone-700';
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse">
        <thead className="border-b border-stone-300">
          <tr>
            <th className={head}>{t('field.name')}</th>
            {farmNames && <th className={head}>{t('field.farm')}</th>}
            <th className={head}>{t('field.crop')}</th>
            <th className={headRight}>{t('field.size')}</th>
            <th className={head}>{t('field.plantingDate')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <FieldRow
              key={field.id}
              field={field}
              farmName={farmNames?.get(field.farmId)}
              cropName={cropName(field.cropType)}
              unit={unit}
              showFarm={Boolean(farmNames)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
