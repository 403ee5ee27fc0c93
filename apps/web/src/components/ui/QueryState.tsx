import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotFound } from '../../lib/api/client.ts';
import { describeError } from '../../lib/form-errors.ts';
import { Button } from './Button.tsx';
import { Page, PageHeader, Spinner } from './layout.tsx';

/** A list or record that failed to load: what went wrong and a way to try again. */
export function LoadError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what?: string }) {
  const { t } = useTranslation('app');
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{what ?? t('states.loadFailed')}</p>
      <p className="mt-1">{describeError(error)}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {t('states.retry')}
      </Button>
    </div>
  );
}

type QueryLike<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;

/**
 * What a query shows in each of its states: a spinner while it loads, the error with a retry when it failed,
 * `empty` when there is nothing (an empty list, unless `isEmpty` says otherwise), else `children` with the data.
 */
export function QueryState<T>({
  query,
  loadingLabel,
  errorLabel,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  query: QueryLike<T>;
  loadingLabel: string;
  /** The heading of the load error; "Could not load…" by default. */
  errorLabel?: string;
  /** A line of text, or a whole empty state. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <LoadError error={query.error} what={errorLabel} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data)) return typeof empty === 'string' ? <p className="text-stone-700">{empty}</p> : empty;
  return children(data);
}

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
