import type { FertilizerApplication, SoilTest } from '@murimi/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDate, formatNumber } from './format.ts';
import { useWideLayout } from './use-media-query.ts';

const cell = 'px-3 py-2 align-top';
const headCell = 'px-3 py-2 text-left text-sm font-semibold text-stone-700';

function FieldLink({ id, names }: { id: string; names: Map<string, string> }) {
  return (
    <Link to={`/fields/${id}`} className="font-semibold text-leaf-800 underline-offset-2 hover:underline">
      {names.get(id) ?? '—'}
    </Link>
  );
}

/** One record as a card on phones: a heading line, then labelled values. */
function RecordCard({ heading, values, action }: { heading: ReactNode; values: { label: string; value: string }[]; action?: ReactNode }) {
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">{heading}</div>
        {action}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {values.map((v) => (
          <div key={v.label}>
            <dt className="text-stone-600">{v.label}</dt>
            <dd className="font-medium text-stone-900">{v.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** A column of a record table; its cells stay on one line unless the column gives other classes (e.g. `min-w-40`). */
interface Column {
  label: string;
  value: ReactNode;
  className?: string;
}

/**
 * Records of one kind, newest first as the server sends them: a table on wide screens, cards on phones. With
 * `fieldNames` (a list of every field's records) each names its field; with `onDelete` each has a Delete button.
 */
function RecordList<R extends { id: string; fieldId: string }>({
  records,
  fieldNames,
  onDelete,
  deleteLabel,
  dateLabel,
  date,
  fieldLabel,
  heading,
  columns,
  values,
}: {
  records: R[];
  fieldNames: Map<string, string> | undefined;
  onDelete: ((record: R) => void) | undefined;
  /** The Delete button's accessible name, which says which record it deletes. */
  deleteLabel: (record: R) => string;
  /** The first column: its heading and the record's day (YYYY-MM-DD). */
  dateLabel: string;
  date: (record: R) => string;
  /** The heading of the field column. */
  fieldLabel: string;
  /** The top of a record's card. */
  heading: (record: R) => ReactNode;
  /** The table's columns after the date and the field. */
  columns: (record: R) => Column[];
  /** The labelled values of a record's card. */
  values: (record: R) => { label: string; value: string }[];
}) {
  const { t } = useTranslation('app');
  const wide = useWideLayout();
  const deleteButton = (record: R) =>
    onDelete && (
      <Button variant="ghost" className="text-red-800 hover:bg-red-50" aria-label={deleteLabel(record)} onClick={() => onDelete(record)}>
        {t('actions.delete')}
      </Button>
    );
  if (!wide) {
    return (
      <ul className="flex flex-col gap-3">
        {records.map((record) => (
          <RecordCard key={record.id} heading={heading(record)} values={values(record)} action={deleteButton(record)} />
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse">
        <thead className="border-b border-stone-300">
          <tr>
            <th className={headCell}>{dateLabel}</th>
            {fieldNames && <th className={headCell}>{fieldLabel}</th>}
            {columns(records[0]!).map((column) => (
              <th key={column.label} className={headCell}>
                {column.label}
              </th>
            ))}
            {onDelete && (
              <th className={headCell}>
                <span className="sr-only">{t('actions.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-b border-stone-200">
              <td className={`${cell} whitespace-nowrap`}>{formatDate(date(record))}</td>
              {fieldNames && (
                <td className={cell}>
                  <FieldLink id={record.fieldId} names={fieldNames} />
                </td>
              )}
              {columns(record).map((column) => (
                <td key={column.label} className={`${cell} ${column.className ?? 'whitespace-nowrap'}`}>
                  {column.value}
                </td>
              ))}
              {onDelete && <td className="px-1 py-0 text-right">{deleteButton(record)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const withUnit = (value: number | null, unit: string) => (value === null ? '—' : `${formatNumber(value)} ${unit}`);

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
  const values = (test: SoilTest) => [
    { label: t('soil.n'), value: withUnit(test.nitrogen, test.unit) },
    { label: t('soil.p'), value: withUnit(test.phosphorus, test.unit) },
    { label: t('soil.k'), value: withUnit(test.potassium, test.unit) },
    { label: t('soil.ph'), value: formatNumber(test.ph, 1) },
    { label: t('soil.om'), value: withUnit(test.organicMatter, '%') },
    { label: t('soil.ec'), value: withUnit(test.ec, 'dS/m') },
    { label: t('soil.depth'), value: withUnit(test.depthCm, 'cm') },
    { label: t('soil.lab'), value: test.lab ?? '—', className: 'min-w-40' },
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
  const values = (a: FertilizerApplication) => [
    { label: t('fertilizer.rate'), value: `${formatNumber(a.rateKgPerHa, 1)} kg/ha` },
    { label: t('fertilizer.nDelivered'), value: `${formatNumber(a.nitrogenKgPerHa, 1)} kg/ha` },
    { label: t('fertilizer.pDelivered'), value: `${formatNumber(a.phosphateKgPerHa, 1)} kg/ha` },
    { label: t('fertilizer.kDelivered'), value: `${formatNumber(a.potashKgPerHa, 1)} kg/ha` },
    { label: t('fertilizer.method'), value: t(`methods.${a.method}`) },
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
      columns={(a) => [{ label: t('fertilizer.product'), value: product(a), className: '' }, ...values(a)]}
      values={values}
    />
  );
}
