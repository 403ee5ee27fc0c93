import type { SoilTest } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { FieldLink } from '../../fields/components/FieldLink.tsx';
import { RecordList, type RecordColumn } from '../../records/RecordList.tsx';

/** A reading with its unit; "—" when not measured, or not known yet (a test saved on this device and not sent). */
const withUnit = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '—' : `${formatNumber(value)} ${unit}`;

/** Soil tests, newest first as the server sends them: a table on wide screens, cards on phones. */
export function SoilTestList({
  tests,
  fieldNames,
  onDelete,
}: {
  tests: SoilTest[];
  fieldNames?: Map<string, string>;
  onDelete?: (test: SoilTest) => void;
}) {
  const { t } = useTranslation('app');
  const values: RecordColumn<SoilTest>[] = [
    { label: t('soil.n'), value: (test) => withUnit(test.nitrogen, test.unit) },
    { label: t('soil.p'), value: (test) => withUnit(test.phosphorus, test.unit) },
    { label: t('soil.k'), value: (test) => withUnit(test.potassium, test.unit) },
    { label: t('soil.ph'), value: (test) => formatNumber(test.ph, 1) },
    { label: t('soil.om'), value: (test) => withUnit(test.organicMatter, '%') },
    { label: t('soil.ec'), value: (test) => withUnit(test.ec, 'dS/m') },
    { label: t('soil.depth'), value: (test) => withUnit(test.depthCm, 'cm') },
    { label: t('soil.lab'), value: (test) => test.lab ?? '—', className: 'min-w-40' },
  ];
  return (
    <RecordList
      records={tests}
      fieldNames={fieldNames}
      onDelete={onDelete}
      deleteLabel={(test) => t('soilTests.deleteOne', { date: formatDate(test.sampleDate) })}
      dateLabel={t('soil.sampleDate')}
      date={(test) => test.sampleDate}
      fieldLabel={t('soil.field')}
      heading={(test) => (
        <>
          <p className="font-semibold text-stone-900">{formatDate(test.sampleDate)}</p>
          {fieldNames && <FieldLink id={test.fieldId} names={fieldNames} />}
        </>
      )}
      columns={values}
      values={values}
    />
  );
}
