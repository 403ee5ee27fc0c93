import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/layout.tsx';
import { LoadError, QueryState } from '../../../components/ui/QueryState.tsx';
import { isNotFound } from '../../../lib/api/client.ts';
import { useFields } from '../../fields/api/fields.ts';
import { filtersFromSearch, hasFilters, NO_ALERT_FILTERS, searchOfFilters, type AlertFilters } from '../alert-filters.ts';
import { useAlertList } from '../api/alert-list.ts';
import { AlertFilterBar } from './AlertFilterBar.tsx';
import { AlertList } from './AlertList.tsx';

/** Nothing to show: where alerts come from, or (when filters hide them) a way back to every open alert. */
function NoAlerts({ filters, onChange }: { filters: AlertFilters; onChange: (next: AlertFilters) => void }) {
  const { t } = useTranslation('alerts');
  if (hasFilters(filters))
    return (
      <EmptyState
        title={t('empty.filteredTitle')}
        message={t('empty.filtered')}
        action={<Button onClick={() => onChange(NO_ALERT_FILTERS)}>{t('filters.clear')}</Button>}
      />
    );
  return (
    <EmptyState
      title={t('empty.noneTitle')}
      message={t('empty.none')}
      action={
        <div className="flex flex-col gap-2 sm:flex-row">
          <ButtonLink to="/fields">{t('empty.noneAction')}</ButtonLink>
          <Button variant="secondary" onClick={() => onChange({ ...NO_ALERT_FILTERS, status: 'resolved' })}>
            {t('empty.showResolved')}
          </Button>
        </div>
      }
    />
  );
}

/**
 * The alerts screen's body: filters kept in the address (a link opens the same list, Back comes back to it), then
 * the alerts newest first, a page at a time. A field filter the server does not know (the field was deleted since the
 * link was made) is dropped, so the list and the field select show every field again.
 */
export function AlertsBrowser() {
  const { t } = useTranslation('alerts');
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  // Each change replaces the address rather than adding a step: Back leaves the screen instead of undoing filters.
  const setFilters = (next: AlertFilters) => setSearch(searchOfFilters(next), { replace: true });
  const fields = useFields();
  const alerts = useAlertList(filters);
  // A failed "Show more" is told beside the button; the pages already shown are current, not the device's old copy.
  const listFailed = alerts.isError && !alerts.isFetchNextPageError;
  const missingField = filters.fieldId !== null && listFailed && isNotFound(alerts.error);
  useEffect(() => {
    if (!missingField) return;
    setSearch((current) => searchOfFilters({ ...filtersFromSearch(current), fieldId: null }), { replace: true });
  }, [missingField, setSearch]);
  const listQuery = {
    isPending: alerts.isPending,
    isError: listFailed,
    error: alerts.error,
    data: alerts.data,
    refetch: alerts.refetch,
    dataUpdatedAt: alerts.dataUpdatedAt,
    fetchStatus: alerts.fetchStatus,
  };
  return (
    <div className="flex flex-col gap-4">
      <AlertFilterBar filters={filters} fields={fields.data ?? []} onChange={setFilters} />
      <QueryState query={listQuery} loadingLabel={t('loading')} empty={<NoAlerts filters={filters} onChange={setFilters} />}>
        {(list) => (
          <div className="flex flex-col gap-3">
            <div className="lg:rounded-xl lg:border lg:border-stone-200 lg:bg-white lg:shadow-sm">
              <AlertList alerts={list} />
            </div>
            <div className="flex flex-col items-center gap-2">
              <p className="text-sm text-stone-600" aria-live="polite">
                {t('shown', { count: list.length })}
              </p>
              {alerts.hasNextPage &&
                (alerts.isFetchNextPageError && !alerts.isFetchingNextPage ? (
                  <LoadError error={alerts.error} what={t('loadMoreFailed')} onRetry={() => void alerts.fetchNextPage()} />
                ) : (
                  <Button variant="secondary" disabled={alerts.isFetchingNextPage} onClick={() => void alerts.fetchNextPage()}>
                    {alerts.isFetchingNextPage ? t('loadingMore') : t('showMore')}
                  </Button>
                ))}
            </div>
          </div>
        )}
      </QueryState>
    </div>
  );
}
