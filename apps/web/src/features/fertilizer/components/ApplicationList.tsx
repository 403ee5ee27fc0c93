import type { FertilizerApplication } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { FieldLink } from '../../fields/components/FieldLink.tsx';
import { RecordList, type RecordColumn } from '../../records/RecordList.tsx';

/** kg/ha with its unit; "—" while the server has not worked it out (an application saved on this device). */
const kgPerHa = (value: number | undefined) => (value === undefined ? '—' : `${formatNumber(value, 1)} kg/ha`);

/** Fertilizer applications with the nutrients each delivered, kg/ha. */
export function ApplicationList({
  applications,
  fieldNames,
  onDelete,
}: {
  applications: FertilizerApplication[];
  fieldNames?: Map<string, string>;
  onDelete?: (application: FertilizerApplication) => void;
}) {
  const { t } = useTranslation('app');
  const grade = (a: FertilizerApplication) =>
    `${formatNumber(a.nitrogenPct, 1)}-${formatNumber(a.phosphatePct, 1)}-${formatNumber(a.potashPct, 1)}`;
  const values: RecordColumn<FertilizerApplication>[] = [
    { label: t('fertilizer.rate'), value: (a) => kgPerHa(a.rateKgPerHa) },
    { label: t('fertilizer.nDelivered'), value: (a) => kgPerHa(a.nitrogenKgPerHa) },
    { label: t('fertilizer.pDelivered'), value: (a) => kgPerHa(a.phosphateKgPerHa) },
    { label: t('fertilizer.kDelivered'), value: (a) => kgPerHa(a.potashKgPerHa) },
    { label: t('fertilizer.method'), value: (a) => t(`methods.${a.method}`) },
  ];
  const product = (a: FertilizerApplication) => (
    <>
      <span className="font-semibold text-stone-900">{a.product}</span> <span className="text-stone-700">({grade(a)})</span>
    </>
  );
  return (
    <RecordList
      records={applications}
      fieldNames={fieldNames}
      onDelete={onDelete}
      deleteLabel={(a) => t('fertilizer.deleteOne', { product: a.product, date: formatDate(a.applicationDate) })}
      dateLabel={t('fertilizer.date')}
      date={(a) => a.applicationDate}
      fieldLabel={t('fertilizer.field')}
      heading={(a) => (
        <>
          <p>{product(a)}</p>
          <p className="text-sm text-stone-700">
            {formatDate(a.applicationDate)}
            {fieldNames && (
              <>
                {' · '}
                <FieldLink id={a.fieldId} names={fieldNames} />
              </>
            )}
          </p>
        </>
      )}
      columns={[{ label: t('fertilizer.product'), value: product, className: '' }, ...values]}
      values={values}
    />
  );
}
