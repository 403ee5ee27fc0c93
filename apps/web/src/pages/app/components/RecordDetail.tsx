import type { UseQueryResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError } from '../../../components/ui/form.tsx';
import { Card, PageHeader, Spinner } from '../../../components/ui/layout.tsx';
import { FormActions } from './FormActions.tsx';
import { isNotFound } from './format.ts';
import { LoadError, Page } from './States.tsx';

/**
 * A detail screen (farm, field) for the record `query` loads: the screen's title and a spinner while it loads,
 * `missing` when there is no such record, the error with a retry when loading failed, else `children` for the record.
 */
export function RecordDetail<T>({
  query,
  title,
  loadingLabel,
  missing,
  children,
}: {
  query: UseQueryResult<T>;
  title: string;
  loadingLabel: string;
  missing: ReactNode;
  children: (record: T) => ReactNode;
}) {
  let content;
  if (query.isPending)
    content = (
      <>
        <PageHeader title={title} />
        <Spinner label={loadingLabel} />
      </>
    );
  else if (query.isError && isNotFound(query.error)) content = missing;
  else if (query.isError)
    content = (
      <>
        <PageHeader title={title} />
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  else content = children(query.data);
  return <Page>{content}</Page>;
}

/** Edit and Delete, beneath the facts of a record. */
export function DetailActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-stone-200 pt-4 sm:flex-row">
      <Button variant="secondary" onClick={onEdit}>
        {editLabel}
      </Button>
      <Button variant="ghost" className="text-red-800 hover:bg-red-50" onClick={onDelete}>
        {deleteLabel}
      </Button>
    </div>
  );
}

/** The edit form that takes the place of a record's facts: its problems at the top, the inputs, then Cancel and Save. */
export function EditCard({
  title,
  formError,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  formError: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  return (
    <Card title={title}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        {children}
        <FormActions
          busy={busy}
          saveLabel={t('actions.save')}
          cancel={
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {t('actions.cancel')}
            </Button>
          }
        />
      </form>
    </Card>
  );
}
