import type { FertilizerApplication } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { FieldLink } from '../../fields/components/FieldLink.tsx';
import { RecordList, type RecordColumn } from '../../records/RecordList.tsx';

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
    { label: t('fertilizer.rate'), value: (a) => `${formatNumber(a.rateKgPerHa, 1)} kg/ha` },
    { label: t('fertilizer.nDelivered'), value: (a) => `${formatNumber(a.nitrogenKgPerHa, 1)} kg/ha` },
    { label: t('fertilizer.pDelivered'), value: (a) => `${formatNumber(a.phosphateKgPerHa, 1)} kg/ha` },
    { label: t('fertilizer.kDelivered'), value: (a) => `${formatNumber(a.potashKgPerHa, 1)} kg/ha` },
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
