import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import type { AnalysisSummary } from '../../analyses/api/analyses.ts';
import { useLatestResult } from '../../analyses/api/latest-results.ts';
import { useFields } from '../../fields/api/fields.ts';
import { useHarvests } from '../../harvests/api/harvests.ts';
import { HarvestForm } from '../../harvests/components/HarvestForm.tsx';
import { seasonSummary } from '../season-summary.ts';

function Panel({ title, simulated, source, children }: { title: string; simulated: boolean; source?: string; children: ReactNode }) {
  const { t } = useTranslation('app');
  return (
    <section aria-label={title} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-medium text-stone-600">
        {title}
        {simulated && <Badge tone="info">{t('reports.simulated')}</Badge>}
      </h3>
      <div className="mt-1">{children}</div>
      {source && <p className="mt-2 text-xs text-stone-600">{source}</p>}
    </section>
  );
}

const fromAnalysis = (summary: AnalysisSummary | null, typeName: string, t: ReturnType<typeof useTranslation<'app'>>['t']) =>
  summary
    ? t('reports.detail.source', {
        type: typeName.toLowerCase(),
        date: formatDate(summary.analysis_date ?? summary.requested_at.slice(0, 10)),
      })
    : undefined;

/**
 * A field's season so far: the yield range with the harvest weighed beside it (and where to record it), the water the
 * crop got against what it used, and fertilizer applied against advised.
 */
export function SeasonSummary({ fieldId }: { fieldId: string }) {
  const { t } = useTranslation('app');
  const yieldLatest = useLatestResult(fieldId, 'yield');
  const irrigation = useLatestResult(fieldId, 'irrigation');
  const fertilizer = useLatestResult(fieldId, 'fertilizer');
  // The harvest beside the estimate comes from the harvest list, which the server compares with the season's latest
  // estimate as it answers: a harvest recorded after the estimate ran shows here once saved.
  const harvests = useHarvests(fieldId);
  const field = useFields().data?.find((candidate) => candidate.id === fieldId);
  const all = [yieldLatest, irrigation, fertilizer];
  const failed = all.find((latest) => latest.state === 'error');
  if (failed) return <LoadError error={failed.error} onRetry={failed.retry} />;
  if (all.some((latest) => latest.state === 'loading')) return <Spinner label={t('reports.season.loading')} />;
  const summary = seasonSummary({ yield: yieldLatest.result, irrigation: irrigation.result, fertilizer: fertilizer.result });
  const tPerHa = (value: number) => formatNumber(value, 1);
  const weighed = yieldLatest.summary
    ? harvests.data?.find((harvest) => harvest.estimate?.analysisId === yieldLatest.summary!.id)
    : undefined;
  const mm = (value: number) => t('reports.detail.mm', { value: formatNumber(value, 1) });

  return (
    <section aria-labelledby="season-summary-title">
      <h2 id="season-summary-title" className="text-lg font-semibold text-stone-900">
        {t('reports.season.title')}
      </h2>
      <div className="mt-2 grid grid-cols-1 gap-3 lg:grid-cols-3">
        <div className="flex flex-col gap-3">
          <Panel
            title={t('reports.season.yield')}
            simulated={yieldLatest.summary?.simulated ?? false}
            source={fromAnalysis(yieldLatest.summary, t('analysisProgress.typeNames.yield'), t)}
          >
            {summary.yield ? (
              <>
                <p className="text-2xl font-bold text-stone-900 tabular-nums" data-testid="season-yield">
                  {t('reports.detail.tPerHaRange', { low: tPerHa(summary.yield.lowTPerHa), high: tPerHa(summary.yield.highTPerHa) })}
                </p>
                <p className="text-sm text-stone-700">
                  {t('reports.detail.yieldExpected')}: {t('reports.detail.tPerHa', { value: tPerHa(summary.yield.expectedTPerHa) })},{' '}
                  {summary.yield.moisturePct === null
                    ? t('reports.detail.dry')
                    : t('reports.detail.moisture', { percent: formatNumber(summary.yield.moisturePct, 1) })}
                </p>
                {weighed?.estimate ? (
                  <p className="text-sm text-stone-800" data-testid="season-harvest">
                    {t('harvests.beside', {
                      value: t('reports.detail.tPerHa', { value: tPerHa(weighed.estimate.harvestedTPerHaAtStandardMoisture) }),
                      moisture: formatNumber(weighed.estimate.moisturePct, 1),
                      position: t(`harvests.positions.${weighed.estimate.position}`),
                      date: formatDate(weighed.harvestDate),
                    })}
                  </p>
                ) : (
                  // The harvest the estimate itself was run with, when the harvest list cannot be read.
                  !harvests.isSuccess &&
                  summary.yield.harvestedTPerHa !== null && (
                    <p className="text-sm text-stone-800" data-testid="season-harvest">
                      {t('reports.season.harvested', { value: tPerHa(summary.yield.harvestedTPerHa) })}
                    </p>
                  )
                )}
              </>
            ) : (
              <p className="text-stone-700">{t('reports.season.yieldNone')}</p>
            )}
          </Panel>
          <section aria-labelledby="season-harvest-title" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
            <h3 id="season-harvest-title" className="text-sm font-medium text-stone-600">
              {t('harvests.title')}
            </h3>
            <p className="mt-1 mb-3 text-sm text-stone-700">{t('harvests.intro')}</p>
            {field ? <HarvestForm field={field} /> : <Spinner label={t('states.loadingField')} />}
          </section>
        </div>
        <Panel
          title={
            summary.water
              ? t('reports.season.water', { from: formatDate(summary.water.from), to: formatDate(summary.water.to) })
              : t('reports.season.waterTitle')
          }
          simulated={irrigation.summary?.simulated ?? false}
          source={
            summary.water
              ? summary.water.sincePlanting
                ? t('reports.season.waterSourceSeason', { count: summary.water.days })
                : t('reports.season.waterSource', { count: summary.water.days })
              : undefined
          }
        >
          {summary.water ? (
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">{t('reports.season.irrigation')}</dt>
              <dd className="text-right font-semibold text-stone-900 tabular-nums">{mm(summary.water.irrigationMm)}</dd>
              <dt className="text-stone-600">{t('reports.season.rain')}</dt>
              <dd className="text-right font-semibold text-stone-900 tabular-nums">{mm(summary.water.rainMm)}</dd>
              <dt className="text-stone-600">{t('reports.season.cropUse')}</dt>
              <dd className="text-right font-semibold text-stone-900 tabular-nums">{mm(summary.water.cropWaterUseMm)}</dd>
              <dt className="text-stone-600">{t('reports.season.stressDays')}</dt>
              <dd className="text-right font-semibold text-stone-900 tabular-nums">
                {t('reports.detail.days', { value: summary.water.stressDays })}
              </dd>
            </dl>
          ) : (
            <p className="text-stone-700">{t('reports.season.waterNone')}</p>
          )}
        </Panel>
        <Panel
          title={t('reports.season.fertilizer')}
          simulated={fertilizer.summary?.simulated ?? false}
          source={summary.fertilizer ? t('reports.season.fertilizerSource') : undefined}
        >
          {summary.fertilizer ? (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-stone-600">
                  <th scope="col" className="font-medium">
                    {t('reports.season.nutrient')}
                  </th>
                  <th scope="col" className="text-right font-medium">
                    {t('reports.season.applied')}
                  </th>
                  <th scope="col" className="text-right font-medium">
                    {t('reports.season.advised')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(['nitrogen', 'phosphate', 'potash'] as const).map((nutrient) => (
                  <tr key={nutrient}>
                    <th scope="row" className="text-left font-semibold text-stone-900">
                      {t(`reports.season.nutrients.${nutrient}`)}
                    </th>
                    <td className="text-right tabular-nums">
                      {t('reports.detail.kgPerHa', { value: formatNumber(summary.fertilizer![nutrient].appliedKgPerHa, 0) })}
                    </td>
                    <td className="text-right tabular-nums">
                      {t('reports.detail.kgPerHa', { value: formatNumber(summary.fertilizer![nutrient].advisedKgPerHa, 0) })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-stone-700">{t('reports.season.fertilizerNone')}</p>
          )}
        </Panel>
      </div>
    </section>
  );
}
