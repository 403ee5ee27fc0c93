import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Card, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatArea, useAreaUnit } from '../../../lib/area-unit.ts';
import { analysisOverviewQuery } from '../api/latest-results.ts';
import { farmHealthTotals, healthBuckets } from './result-headlines.ts';

/** Every field counted by its latest crop health check, with hectares: one request however many fields. */
export function FarmHealthTotalsTile() {
  const { t } = useTranslation('app');
  const unit = useAreaUnit();
  const overview = useQuery(analysisOverviewQuery());
  let body;
  if (overview.isPending) body = <Spinner label={t('dashboard.loadingAnalyses')} />;
  else if (overview.isError) body = <LoadError error={overview.error} onRetry={() => void overview.refetch()} />;
  else {
    const totals = farmHealthTotals(overview.data);
    const simulated = overview.data.some((field) => field.health?.simulated);
    body = (
      <>
        <p className="mb-2 text-sm text-stone-600">{t('dashboard.totals.caption')}</p>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {healthBuckets.map((bucket) => (
            <div key={bucket} className="rounded-lg bg-stone-50 p-3">
              <dt className="text-sm font-medium text-stone-700">{t(`dashboard.totals.buckets.${bucket}`)}</dt>
              <dd className="mt-1 font-semibold text-stone-900 tabular-nums">
                {t('dashboard.totals.line', { count: totals[bucket].fields, area: formatArea(totals[bucket].hectares, unit) })}
              </dd>
            </div>
          ))}
        </dl>
        {simulated && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-600">
            <Badge tone="info">{t('dashboard.simulated')}</Badge>
            {t('dashboard.totals.simulatedNote')}
          </p>
        )}
      </>
    );
  }
  return <Card title={t('dashboard.totals.title')}>{body}</Card>;
}
