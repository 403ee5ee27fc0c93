import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { DataList, type DataColumn } from '../../components/ui/DataList.tsx';
import { formatDate } from '../../lib/format.ts';
import type { SyncState } from '../../lib/offline-db.ts';
import { FieldLink } from '../fields/components/FieldLink.tsx';
import { SyncStateBadge } from '../offline/components/SyncStateBadge.tsx';

const cell = 'px-3 py-2 align-top';

/** A labelled value of each record: a table column on wide screens, a line of its card on phones. */
export interface RecordColumn<R> {
  label: string;
  value: (record: R) => ReactNode;
  /** Classes of the table cells; by default they stay on one line. */
  className?: string;
}

/** One record as a card on phones: a heading line, then labelled values. */
function RecordCard({
  heading,
  values,
  action,
}: {
  heading: ReactNode;
  values: { label: string; value: ReactNode }[];
  action?: ReactNode;
}) {
  return (
    <>
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
    </>
  );
}

/**
 * Field records of one kind (soil tests, fertilizer applications), newest first as the server sends them: a table on
 * wide screens, cards on phones. With `fieldNames` (a list of every field's records) each names its field; with
 * `onDelete` each has a Delete button. A record this device has not sent yet (`syncState`) says so instead: there
 * is nothing on the server to delete.
 */
export function RecordList<R extends { id: string; fieldId: string; syncState?: SyncState }>({
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
  columns: RecordColumn<R>[];
  /** The labelled values of a record's card. */
  values: RecordColumn<R>[];
}) {
  const { t } = useTranslation('app');
  const deleteButton = (record: R) =>
    onDelete &&
    !record.syncState && (
      <Button variant="ghost" className="text-red-800 hover:bg-red-50" aria-label={deleteLabel(record)} onClick={() => onDelete(record)}>
        {t('actions.delete')}
      </Button>
    );
  const valueColumns: DataColumn<R>[] = columns.map((column) => ({
    label: column.label,
    className: `${cell} ${column.className ?? 'whitespace-nowrap'}`,
    cell: column.value,
  }));
  const tableColumns: DataColumn<R>[] = [
    {
      label: dateLabel,
      className: `${cell} whitespace-nowrap`,
      cell: (record) =>
        record.syncState ? (
          <span className="flex flex-col items-start gap-1">
            {formatDate(date(record))}
            <SyncStateBadge state={record.syncState} />
          </span>
        ) : (
          formatDate(date(record))
        ),
    },
    ...(fieldNames
      ? [{ label: fieldLabel, className: cell, cell: (record: R) => <FieldLink id={record.fieldId} names={fieldNames} /> }]
      : []),
    ...valueColumns,
  ];
  return (
    <DataList
      items={records}
      itemKey={(record) => record.id}
      columns={tableColumns}
      cardsClassName="flex flex-col gap-3"
      cardClassName="rounded-lg border border-stone-200 bg-white p-3"
      actions={onDelete && { label: t('actions.actions'), cell: deleteButton }}
      card={(record) => (
        <RecordCard
          heading={heading(record)}
          values={values.map((v) => ({ label: v.label, value: v.value(record) }))}
          action={record.syncState ? <SyncStateBadge state={record.syncState} /> : deleteButton(record)}
        />
      )}
    />
  );
}
