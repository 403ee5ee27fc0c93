import { analysisTypes, type AnalysisType } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { PartBoundary } from '../../../components/ui/ErrorBoundary.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { Sparkline } from '../../charts/index.ts';
import { analysisGap, type AnalysisGap } from '../analysis-state.ts';
import { latestSummariesQuery, type AnalysisSummary } from '../api/analyses.ts';
import { overlayImageQuery, useLatestResult } from '../api/latest-results.ts';
import { useRecentAnalyses } from '../use-recent-analyses.ts';
import { AnalysisGapBadge, AnalysisGapNote } from './AnalysisGapNote.tsx';
import type { TileField } from './AnalysisTiles.tsx';
import { RunAnalysisButton } from './RunAnalysisButton.tsx';
import { healthHeadline, lastClearImage, usableNdviSeries, type HealthStatus } from './result-headlines.ts';

/** Where each analysis is explained in full. */
const screens: Record<AnalysisType, { to: string; name: 'health' | 'water' | 'fertilizer' | 'yield' }> = {
  health: { to: '/crop-health', name: 'health' },
  irrigation: { to: '/irrigation', name: 'water' },
  fertilizer: { to: '/fertilizer', name: 'fertilizer' },
  yield: { to: '/analysis', name: 'yield' },
};

const healthTones: Record<HealthStatus, BadgeTone> = { healthy: 'good', moderate: 'warning', 'bare-or-stressed': 'warning' };

/** The NDVI image of the latest clear scene, fetched with the bearer token and shown from an object URL. */
function NdviThumbnail({ field, sceneId, date }: { field: TileField; sceneId: string; date: string }) {
  const { t } = useTranslation('app');
  const image = useQuery(overlayImageQuery(field.id, sceneId, 'ndvi'));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const objectUrl = URL.createObjectURL(image.data);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is made from the Blob and freed with it.
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  if (image.isError) return <p className="text-sm text-stone-700">{t('fieldDetail.overlayFailed')}</p>;
  if (!url)
    return (
      <p role="status" className="text-sm text-stone-600">
        {t('fieldDetail.overlayLoading')}
      </p>
    );
  return (
    <figure className="flex flex-col gap-1">
      <img
        src={url}
        alt={t('fieldDetail.overlayAlt', { field: field.name, date: formatDate(date) })}
        className="h-28 w-28 rounded-lg border border-stone-200 bg-stone-100 object-contain"
        style={{ imageRendering: 'pixelated' }}
      />
      <figcaption className="text-sm text-stone-600" aria-hidden="true">
        {t('fieldDetail.overlayCaption', { date: formatDate(date) })}
      </figcaption>
    </figure>
  );
}

/** The health card's extras: the season's NDVI as a sparkline and the latest NDVI map. */
function HealthExtras({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  const latest = useLatestResult(field.id, 'health');
  if (latest.state !== 'ready' || !latest.result) return null;
  const series = usableNdviSeries(latest.result);
  const image = lastClearImage(latest.result);
  const count = series.values.length;
  return (
    <div className="mt-3 flex flex-wrap items-end gap-4">
      {count > 0 && (
        <figure className="flex flex-col gap-1">
          <Sparkline
            values={series.values}
            width={160}
            height={40}
            label={t('fieldDetail.ndviHistory', {
              count,
              first: formatDate(series.dates[0]),
              date: formatDate(series.dates.at(-1)),
              latest: formatNumber(series.values.at(-1), 2),
            })}
          />
          <figcaption className="text-sm text-stone-600" aria-hidden="true">
            {t('fieldDetail.ndviCaption')}
          </figcaption>
        </figure>
      )}
      {image && <NdviThumbnail field={field} sceneId={image.sceneId} date={image.date} />}
    </div>
  );
}

function HealthBadge({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  const latest = useLatestResult(field.id, 'health');
  if (latest.state !== 'ready' || !latest.result) return <Badge tone="good">{t('fieldDetail.completed')}</Badge>;
  const health = healthHeadline(latest.result);
  if (health.kind === 'no-clear-image') return <Badge tone="warning">{t('fieldDetail.noClearImage')}</Badge>;
  return <Badge tone={healthTones[health.status]}>{t(`dashboard.health.status.${health.status}`)}</Badge>;
}

function AnalysisCard({
  field,
  type,
  summary,
  gap,
}: {
  field: TileField;
  type: AnalysisType;
  summary: AnalysisSummary | null;
  gap: AnalysisGap;
}) {
  const { t } = useTranslation('app');
  const title = t(`analysisProgress.typeNames.${type}`);
  const screen = screens[type];
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      data-analysis-card={type}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-stone-900">{title}</h3>
        <span className="flex flex-wrap gap-2">
          {gap?.kind === 'running' || gap?.kind === 'failed' ? (
            <AnalysisGapBadge gap={gap} />
          ) : summary ? (
            type === 'health' ? (
              <HealthBadge field={field} />
            ) : (
              <Badge tone="good">{t('fieldDetail.completed')}</Badge>
            )
          ) : (
            <Badge tone="info">{t('fieldDetail.none')}</Badge>
          )}
          {summary?.simulated && <Badge tone="info">{t('fieldDetail.simulated')}</Badge>}
        </span>
      </div>
      {gap && <AnalysisGapNote field={field} type={type} gap={gap} />}
      {summary && (
        <>
          <p className="text-stone-800">{summary.summary}</p>
          {summary.analysis_date && (
            <p className="text-sm text-stone-600">{t('fieldDetail.analysisDate', { date: formatDate(summary.analysis_date) })}</p>
          )}
        </>
      )}
      {type === 'health' && summary && <HealthExtras field={field} />}
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
        {(gap === null || gap.kind === 'running') && (
          <RunAnalysisButton
            fieldId={field.id}
            fieldName={field.name}
            type={type}
            variant={summary ? 'secondary' : 'primary'}
            label={summary ? t('analysisProgress.rerun') : undefined}
          />
        )}
        <Link to={screen.to} className="text-sm font-semibold text-leaf-800 underline">
          {type === 'health' ? t('fieldDetail.toCropHealth') : t('fieldDetail.toScreen', { screen: t(`dashboard.${screen.name}.screen`) })}
        </Link>
      </div>
    </section>
  );
}

/** A field's four analyses: each card with its latest sentence, day, status, "simulated" and a way to run it again. */
export function FieldAnalysisSummaries({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  const summaries = useQuery(latestSummariesQuery(field.id));
  const { newest } = useRecentAnalyses(field);
  let body;
  if (summaries.isPending) body = <Spinner label={t('fieldDetail.loadingAnalyses')} />;
  else if (summaries.isError) body = <LoadError error={summaries.error} onRetry={() => void summaries.refetch()} />;
  else {
    const latest = summaries.data;
    body = (
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {analysisTypes.map((type) => (
          // Each card fails alone: a result it cannot read leaves the other three.
          <PartBoundary key={type} name={`The ${type} analysis card`} title={t(`analysisProgress.typeNames.${type}`)}>
            <AnalysisCard field={field} type={type} summary={latest[type]} gap={analysisGap(field, type, newest[type], latest[type])} />
          </PartBoundary>
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby="field-analyses" className="flex flex-col gap-3">
      <h2 id="field-analyses" className="text-lg font-semibold text-stone-900">
        {t('fieldDetail.analyses')}
      </h2>
      {body}
    </section>
  );
}
