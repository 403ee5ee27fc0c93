import type { AnalysisResult, AnalysisType } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Facts, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatFixed, formatNumber } from '../../../lib/format.ts';
import { analysisQuery, type AnalysisSummary } from '../../analyses/api/analyses.ts';
import { fertilizerHeadline, healthHeadline, waterHeadline, yieldHeadline } from '../../analyses/components/result-headlines.ts';
import { analysisDay } from '../history.ts';

type Translate = ReturnType<typeof useTranslation<'app'>>['t'];

/** The key numbers of a result, each with its unit, through the same headlines the dashboard tiles use. */
function keyFacts(type: AnalysisType, result: AnalysisResult, t: Translate): { label: string; value: string }[] {
  const kg = (value: number) => t('reports.detail.kgPerHa', { value: formatNumber(value, 0) });
  const mm = (value: number) => t('reports.detail.mm', { value: formatNumber(value, 1) });
  if (type === 'health') {
    const health = healthHeadline(result as AnalysisResult<'health'>);
    if (health.kind !== 'reading') return [];
    return [
      {
        label: t('reports.detail.ndvi'),
        value: `${formatFixed(health.ndvi, 2)} (${t('reports.detail.ndviSource', { date: formatDate(health.imageDate) })})`,
      },
      { label: t('reports.detail.status'), value: t(`dashboard.health.status.${health.status}`) },
    ];
  }
  if (type === 'irrigation') {
    const water = waterHeadline(result as AnalysisResult<'irrigation'>);
    if (water.kind === 'needs-field-details') return [];
    const facts: { label: string; value: string }[] = [{ label: t('reports.detail.depletion'), value: mm(water.rootZoneDepletionMm) }];
    if (water.kind === 'schedule') {
      if (water.irrigationDate && water.depthMm !== null)
        facts.push(
          { label: t('reports.detail.irrigateOn'), value: formatDate(water.irrigationDate) },
          { label: t('reports.detail.depth'), value: mm(water.depthMm) },
        );
      else facts.push({ label: t('reports.detail.irrigateOn'), value: t('reports.detail.noIrrigationDue') });
    } else facts.push({ label: t('reports.detail.stressDays'), value: t('reports.detail.days', { value: water.expectedStressDays }) });
    return facts;
  }
  if (type === 'fertilizer') {
    const advice = fertilizerHeadline(result as AnalysisResult<'fertilizer'>);
    if (advice.kind !== 'advice') return [];
    return [
      { label: t('reports.detail.nitrogen'), value: kg(advice.stillNeeded.nitrogen) },
      { label: t('reports.detail.phosphate'), value: kg(advice.stillNeeded.phosphate) },
      { label: t('reports.detail.potash'), value: kg(advice.stillNeeded.potash) },
    ];
  }
  const estimate = yieldHeadline(result as AnalysisResult<'yield'>);
  if (estimate.kind !== 'estimate') return [];
  const basis =
    estimate.moisturePct === null
      ? t('reports.detail.dry')
      : t('reports.detail.moisture', { percent: formatNumber(estimate.moisturePct, 1) });
  return [
    {
      label: t('reports.detail.yieldRange'),
      value: `${t('reports.detail.tPerHaRange', { low: formatNumber(estimate.lowTPerHa, 1), high: formatNumber(estimate.highTPerHa, 1) })}, ${basis}`,
    },
    { label: t('reports.detail.yieldExpected'), value: t('reports.detail.tPerHa', { value: formatNumber(estimate.expectedTPerHa, 1) }) },
  ];
}

/** One past analysis opened: its sentence, its key numbers and where they came from. */
export function AnalysisDetailView({ analysis }: { analysis: AnalysisSummary }) {
  const { t } = useTranslation('app');
  const detail = useQuery({ ...analysisQuery(analysis.field_id, analysis.type, analysis.id), staleTime: Infinity });
  const typeName = t(`analysisProgress.typeNames.${analysis.type}`);
  const date = formatDate(analysisDay(analysis));
  return (
    <section
      aria-label={t('reports.detail.title', { type: typeName, date })}
      className="mt-3 rounded-lg border border-leaf-200 bg-leaf-50/40 p-4"
      data-testid="analysis-detail"
    >
      <h4 className="font-semibold text-stone-900">{t('reports.detail.title', { type: typeName, date })}</h4>
      {detail.isPending ? (
        <Spinner label={t('reports.detail.loading')} />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          {detail.data.summary && <p className="mt-1 text-stone-800">{detail.data.summary}</p>}
          {detail.data.status === 'failed' && (
            <p className="mt-1 text-stone-800">
              {t('reports.detail.failed', { error: detail.data.error ?? t('analysisProgress.failedGeneric') })}
            </p>
          )}
          {detail.data.result ? (
            <div className="mt-3">
              <Facts items={keyFacts(analysis.type, detail.data.result, t)} />
            </div>
          ) : (
            detail.data.status !== 'failed' && <p className="mt-1 text-stone-700">{t('reports.detail.noResult')}</p>
          )}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-stone-600">
            {t('reports.detail.source', { type: typeName.toLowerCase(), date })}
            {detail.data.simulated && <Badge tone="info">{t('reports.simulated')}</Badge>}
          </p>
        </>
      )}
    </section>
  );
}
