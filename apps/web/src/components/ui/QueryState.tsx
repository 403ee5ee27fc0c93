import { onlineManager, type UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isNotFound } from '../../lib/api/client.ts';
import { formatRelativeTime } from '../../lib/format.ts';
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

type QueryLike<T> = Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'> &
  Partial<Pick<UseQueryResult<T>, 'dataUpdatedAt' | 'fetchStatus'>>;

function subscribeToOnline(listener: () => void) {
  const unsubscribe = onlineManager.subscribe(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    unsubscribe();
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the device is online: the browser's flag and the query client's (which starts out assuming online until
 * the first event, so a page opened offline would otherwise read as online).
 */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToOnline,
    () => navigator.onLine && onlineManager.isOnline(),
    () => true,
  );
}

/**
 * What a query's state means offline. With data, it is shown whatever the last refetch did, and said to be this
 * device's copy (with its age) when offline or when the refetch failed. Without data, offline, once nothing is being
 * read any more (the device's copy is looked for first): there is nothing to show, and no spinner or error says so.
 */
export function offlineView(query: QueryLike<unknown>, online: boolean): 'stale-copy' | 'no-cache' | null {
  const noAnswer = query.isError && query.error instanceof ApiError && query.error.status === 0;
  if (query.data !== undefined) return !online || query.isError ? 'stale-copy' : null;
  if (!online && (query.fetchStatus !== 'fetching' || noAnswer)) return 'no-cache';
  return null;
}

/** "Saved on this device, as of 2 hr. ago." under data shown from the device's copy. */
export function CachedCopyNote({ updatedAt }: { updatedAt: number | undefined }) {
  const { t } = useTranslation();
  if (!updatedAt) return null;
  return (
    <p data-testid="cached-copy-note" className="mb-2 text-sm text-stone-600">
      {t('sync.asOf', { age: formatRelativeTime(updatedAt) })}
    </p>
  );
}

/**
 * Above a screen's data drawn without `QueryState`: the age of the device's copy it shows, offline or when the last
 * refetch failed ("Saved on this device, as of 2 hr. ago.").
 */
export function KeptCopyNote({ query }: { query: QueryLike<unknown> }) {
  const view = offlineView(query, useOnline());
  return view === 'stale-copy' ? <CachedCopyNote updatedAt={query.dataUpdatedAt} /> : null;
}

/** Offline, with nothing kept on the device for this screen (spec §8 Data). */
export function NoCachedData() {
  const { t } = useTranslation();
  return (
    <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
      {t('sync.noCache')}
    </p>
  );
}

/**
 * What a query shows in each of its states: a spinner while it loads, the error with a retry when it failed,
 * `empty` when there is nothing (an empty list, unless `isEmpty` says otherwise), else `children` with the data.
 * Offline (see `offlineView`): the device's copy with its age, or that there is none.
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
  const view = offlineView(query, useOnline());
  if (view === 'no-cache') return <NoCachedData />;
  if (query.data === undefined && query.isPending) return <Spinner label={loadingLabel} />;
  if (query.data === undefined) return <LoadError error={query.error} what={errorLabel} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const note = view === 'stale-copy' && <CachedCopyNote updatedAt={query.dataUpdatedAt} />;
  if (empty !== undefined && isEmpty(data))
    return (
      <>
        {note}
        {typeof empty === 'string' ? <p className="text-stone-700">{empty}</p> : empty}
      </>
    );
  return (
    <>
      {note}
      {children(data)}
    </>
  );
}

/**
 * A detail screen (farm, field) for the record `query` loads: the screen's title and a spinner while it loads,
 * `missing` when there is no such record, the error with a retry when loading failed, else `children` for the record.
 * Offline it shows the device's copy with its age, or says there is none, as `QueryState` does.
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
  const view = offlineView(query, useOnline());
  let content;
  if (view === 'no-cache')
    content = (
      <>
        <PageHeader title={title} />
        <NoCachedData />
      </>
    );
  else if (query.isError && isNotFound(query.error)) content = missing;
  else if (query.data !== undefined)
    content = (
      <>
        {view === 'stale-copy' && <CachedCopyNote updatedAt={query.dataUpdatedAt} />}
        {children(query.data)}
      </>
    );
  else if (query.isPending)
    content = (
      <>
        <PageHeader title={title} />
        <Spinner label={loadingLabel} />
      </>
    );
  else
    content = (
      <>
        <PageHeader title={title} />
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  return <Page>{content}</Page>;
}
