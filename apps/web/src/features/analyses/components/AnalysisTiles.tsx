import type { AnalysisResult, AnalysisType } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { ErrorBoundary, PartFailed } from '../../../components/ui/ErrorBoundary.tsx';
import { EmptyState, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatFixed, formatNumber, todayIso } from '../../../lib/format.ts';
import { analysisGap, type AdviceField } from '../analysis-state.ts';
import { latestSummariesQuery, type AnalysisSummary } from '../api/analyses.ts';
import { useRecentAnalyses } from '../use-recent-analyses.ts';
import { AnalysisGapNote } from './AnalysisGapNote.tsx';
import { todayWeatherQuery, useLatestResult } from '../api/latest-results.ts';
import { RunAnalysisButton } from './RunAnalysisButton.tsx';
import {
  daysBetween,
  fertilizerHeadline,
  healthHeadline,
  lastClearImage,
  waterHeadline,
  weatherToday,
  yieldHeadline,
  type HealthStatus,
} from './result-headlines.ts';

/** The field a tile speaks of (with its crop and planting date where known, to say what is missing). */
export type TileField = AdviceField;

const statusTones: Record<HealthStatus, BadgeTone> = { healthy: 'good', moderate: 'warning', 'bare-or-stressed': 'warning' };

/** NDVI and its weekly change: three decimals with a sign, e.g. "+0.094". */
const signedNdvi = (change: number | null) => (change === null ? '—' : `${change > 0 ? '+' : ''}${formatNumber(change, 3)}`);

/**
 * One tile: a title, its figures, and a link to the screen that explains them. It fails alone: a result it cannot
 * read shows "Try again" in its place while the other tiles stay.
 */
function Tile({ title, to, screen, children }: { title: string; to: string; screen: string; children: ReactNode }) {
  const { t } = useTranslation('app');
  return (
    <ErrorBoundary name={`The dashboard tile "${title}"`} fallback={(_error, reset) => <PartFailed title={title} onRetry={reset} />}>
      <section aria-label={title} className="flex flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
        <h3 className="text-sm font-medium text-stone-600">{title}</h3>
        <div className="mt-1 flex flex-1 flex-col gap-1">{children}</div>
        <Link to={to} className="mt-3 self-start text-sm font-semibold text-leaf-800 underline">
          {t('dashboard.openScreen', { screen })}
        </Link>
      </section>
    </ErrorBoundary>
  );
}

/** Where a figure came from: its day and, for demo imagery or simulated weather, "Simulated". */
function Provenance({ date, simulated }: { date: string | null; simulated: boolean }) {
  const { t } = useTranslation('app');
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
      {date && <span>{date}</span>}
      {simulated && <Badge tone="info">{t('dashboard.simulated')}</Badge>}
    </p>
  );
}

const Figure = ({ children }: { children: ReactNode }) => (
  <p className="text-2xl font-bold text-stone-900 tabular-nums md:text-3xl">{children}</p>
);

/** The newest completed analysis of a type, or what to do without one (run it). */
function LatestResult<Type extends AnalysisType>({
  field,
  type,
  children,
}: {
  field: TileField;
  type: Type;
  children: (result: AnalysisResult<Type>, summary: AnalysisSummary) => ReactNode;
}) {
  const { t } = useTranslation('app');
  const latest = useLatestResult(field.id, type);
  const { newest } = useRecentAnalyses(field);
  if (latest.state === 'loading')
    return (
      <p role="status" className="text-stone-600">
        {t('dashboard.loadingAnalyses')}
      </p>
    );
  if (latest.state === 'error') return <LoadError error={latest.error} onRetry={latest.retry} />;
  const gap = analysisGap(field, type, newest[type], latest.summary);
  if (!latest.summary || !latest.result) return <AnalysisGapNote field={field} type={type} gap={gap ?? { kind: 'not-run' }} />;
  // A newer run that failed or is running is said above the result it would replace.
  return (
    <>
      {gap && <AnalysisGapNote field={field} type={type} gap={gap} />}
      {children(latest.result, latest.summary)}
    </>
  );
}

const analysedOn = (summary: AnalysisSummary, t: ReturnType<typeof useTranslation<'app'>>['t']) =>
  summary.analysis_date ? t('dashboard.analysedOn', { date: formatDate(summary.analysis_date) }) : null;

function HealthFigures({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <LatestResult field={field} type="health">
      {(result, summary) => {
        const health = healthHeadline(result);
        if (health.kind === 'no-clear-image')
          return (
            <>
              <p className="text-stone-800">{t('dashboard.health.noClearImage', { count: health.imagesSeen })}</p>
              <Provenance date={analysedOn(summary, t)} simulated={health.simulated || summary.simulated} />
            </>
          );
        return (
          <>
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="text-2xl font-bold text-stone-900 tabular-nums md:text-3xl" data-testid="health-ndvi">
                {formatFixed(health.ndvi, 2)}
              </span>
              <span className="text-sm text-stone-600">{t('dashboard.health.ndviUnit')}</span>
            </p>
            <p>
              <Badge tone={statusTones[health.status]}>{t(`dashboard.health.status.${health.status}`)}</Badge>
            </p>
            <p className="text-sm text-stone-800">
              {t(`dashboard.health.trend.${health.trend}`, { change: signedNdvi(health.ndviChangePerWeek) })}
            </p>
            <Provenance
              date={t('dashboard.health.imageOf', { date: formatDate(health.imageDate) })}
              simulated={health.simulated || summary.simulated}
            />
          </>
        );
      }}
    </LatestResult>
  );
}

/** Crop health: status, the mean NDVI of the latest clear image and its trend. */
export function HealthTile({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <Tile title={t('dashboard.health.title')} to="/crop-health" screen={t('dashboard.health.screen')}>
      <HealthFigures field={field} />
    </Tile>
  );
}

function ImageAgeFigures({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <LatestResult field={field} type="health">
      {(result, summary) => {
        const image = lastClearImage(result);
        if (!image) return <p className="text-stone-700">{t('dashboard.imageAge.none')}</p>;
        const days = daysBetween(image.date, todayIso());
        return (
          <>
            <Figure>{days === 0 ? t('dashboard.imageAge.today') : t('dashboard.imageAge.days', { count: days })}</Figure>
            <Provenance date={t('dashboard.imageAge.taken', { date: formatDate(image.date) })} simulated={summary.simulated} />
          </>
        );
      }}
    </LatestResult>
  );
}

/** How old the newest clear satellite image of the field is, in days. */
export function ImageAgeTile({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <Tile title={t('dashboard.imageAge.title')} to="/crop-health" screen={t('dashboard.health.screen')}>
      <ImageAgeFigures field={field} />
    </Tile>
  );
}

function WaterFigures({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <LatestResult field={field} type="irrigation">
      {(result, summary) => {
        const water = waterHeadline(result);
        if (water.kind === 'needs-field-details') return <p className="text-stone-800">{water.message}</p>;
        let main: ReactNode;
        if (water.kind === 'schedule') {
          const status =
            water.status === 'postpone'
              ? t('dashboard.water.postpone')
              : water.status === 'no-crop-growing'
                ? t('dashboard.water.noCrop')
                : water.status === 'not-needed'
                  ? t('dashboard.water.notNeeded')
                  : null;
          main = (
            <>
              {status && <p className="font-semibold text-stone-900">{status}</p>}
              {water.irrigationDate && (
                <p className={status ? 'text-stone-800' : 'font-semibold text-stone-900'}>
                  {t(water.status === 'irrigate' ? 'dashboard.water.irrigate' : 'dashboard.water.nextIrrigation', {
                    date: formatDate(water.irrigationDate),
                  })}
                </p>
              )}
              {water.irrigationDate && water.depthMm !== null && (
                <Figure>{t('dashboard.water.depth', { depth: formatNumber(water.depthMm, 0) })}</Figure>
              )}
            </>
          );
        } else {
          main = (
            <p className="font-semibold text-stone-900">
              {water.stressedToday
                ? t('dashboard.water.stressToday')
                : water.daysUntilStress !== null
                  ? t('dashboard.water.stressIn', { count: water.daysUntilStress })
                  : t('dashboard.water.noStress', { count: water.forecastDays })}
            </p>
          );
        }
        return (
          <>
            {main}
            <p className="text-sm text-stone-800">{t('dashboard.water.depletion', { mm: formatNumber(water.rootZoneDepletionMm, 0) })}</p>
            {water.staleWeather && <p className="text-sm text-amber-900">{t('dashboard.water.staleWeather')}</p>}
            <Provenance date={analysedOn(summary, t)} simulated={water.simulatedWeather || summary.simulated} />
          </>
        );
      }}
    </LatestResult>
  );
}

/** Water: the next irrigation (day and mm) of an irrigated field, or the stress outlook of a rain-fed one. */
export function WaterTile({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <Tile title={t('dashboard.water.title')} to="/irrigation" screen={t('dashboard.water.screen')}>
      <WaterFigures field={field} />
    </Tile>
  );
}

function FertilizerFigures({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <LatestResult field={field} type="fertilizer">
      {(result, summary) => {
        const advice = fertilizerHeadline(result);
        if (advice.kind === 'needs-field-details') return <p className="text-stone-800">{advice.message}</p>;
        const { nitrogen, phosphate, potash } = advice.stillNeeded;
        const nothing = nitrogen + phosphate + potash === 0;
        return (
          <>
            <p className="text-sm text-stone-600">{t('dashboard.fertilizer.stillNeeded')}</p>
            <p className="text-lg font-bold text-stone-900 tabular-nums">
              {nothing
                ? t('dashboard.fertilizer.nothing')
                : t('dashboard.fertilizer.nutrients', {
                    n: formatNumber(nitrogen, 0),
                    p: formatNumber(phosphate, 0),
                    k: formatNumber(potash, 0),
                  })}
            </p>
            <p className="text-sm text-stone-800">{advice.headline}</p>
            <Provenance date={analysedOn(summary, t)} simulated={summary.simulated} />
          </>
        );
      }}
    </LatestResult>
  );
}

/** Fertilizer: N, P₂O₅ and K₂O still needed (kg/ha) and the engine's headline. */
export function FertilizerTile({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <Tile title={t('dashboard.fertilizer.title')} to="/fertilizer" screen={t('dashboard.fertilizer.screen')}>
      <FertilizerFigures field={field} />
    </Tile>
  );
}

function YieldFigures({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <LatestResult field={field} type="yield">
      {(result, summary) => {
        const estimate = yieldHeadline(result);
        if (estimate.kind === 'unavailable')
          return (
            <>
              <p className="text-stone-800">{estimate.message}</p>
              {estimate.lookAgainOn && (
                <p className="text-sm text-stone-700">{t('dashboard.yield.lookAgain', { date: formatDate(estimate.lookAgainOn) })}</p>
              )}
            </>
          );
        return (
          <>
            <Figure>
              {estimate.moisturePct === null
                ? t('dashboard.yield.range', { low: formatNumber(estimate.lowTPerHa, 1), high: formatNumber(estimate.highTPerHa, 1) })
                : t('dashboard.yield.rangeAtMoisture', {
                    low: formatNumber(estimate.lowTPerHa, 1),
                    high: formatNumber(estimate.highTPerHa, 1),
                    moisture: formatNumber(estimate.moisturePct, 1),
                  })}
            </Figure>
            <p className="text-sm text-stone-800">
              {t('dashboard.yield.expected', {
                expected: formatNumber(estimate.expectedTPerHa, 1),
                tonnes: formatNumber(estimate.expectedTonnes, 0),
              })}
            </p>
            {estimate.harvestedTPerHa !== null && (
              <p className="text-sm text-stone-800">
                {t('dashboard.yield.harvested', { harvested: formatNumber(estimate.harvestedTPerHa, 1) })}
              </p>
            )}
            {estimate.limitingFactor && <p className="text-sm text-stone-700">{estimate.limitingFactor}</p>}
            <p className="text-sm text-stone-700">
              {t('dashboard.yield.basis', {
                images: estimate.imagesUsed,
                percent: estimate.seasonObservedPct,
                date: formatDate(estimate.lastImageDate),
              })}
            </p>
            <Provenance date={analysedOn(summary, t)} simulated={estimate.simulatedWeather || summary.simulated} />
          </>
        );
      }}
    </LatestResult>
  );
}

/** Yield: the range in t/ha and what it rests on. */
export function YieldTile({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <Tile title={t('dashboard.yield.title')} to="/analysis" screen={t('dashboard.yield.screen')}>
      <YieldFigures field={field} />
    </Tile>
  );
}

function WeatherFigures({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  const forecast = useQuery(todayWeatherQuery(field.id));
  if (forecast.isPending)
    return (
      <p role="status" className="text-stone-600">
        {t('dashboard.weather.loading')}
      </p>
    );
  if (forecast.isError) return <LoadError error={forecast.error} onRetry={() => void forecast.refetch()} />;
  const day = weatherToday(forecast.data.days, todayIso());
  if (!day) return <p className="text-stone-700">{t('dashboard.weather.none')}</p>;
  const simulated = forecast.data.source === 'simulated' || day.source === 'simulated';
  return (
    <>
      <Figure>
        {t('dashboard.weather.temperature', { max: formatNumber(day.temperatureMaxC, 0), min: formatNumber(day.temperatureMinC, 0) })}
      </Figure>
      <p className="text-sm text-stone-800">{t('dashboard.weather.rain', { mm: formatNumber(day.precipitationMm, 1) })}</p>
      <p className="text-sm text-stone-800">{t('dashboard.weather.et0', { mm: formatNumber(day.et0FaoMm, 1) })}</p>
      {forecast.data.stale && <p className="text-sm text-amber-900">{t('dashboard.weather.stale')}</p>}
      {!simulated && <p className="text-sm text-stone-600">{t('dashboard.weather.openMeteo')}</p>}
      <Provenance date={t('dashboard.weather.forecastFor', { date: formatDate(day.date) })} simulated={simulated} />
    </>
  );
}

/** Today's weather at the field: temperature (°C), rain and reference evapotranspiration ET₀ (mm). */
export function WeatherTile({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  return (
    <Tile title={t('dashboard.weather.title')} to="/weather" screen={t('dashboard.weather.screen')}>
      <WeatherFigures field={field} />
    </Tile>
  );
}

/**
 * The selected field's tiles: crop health, image age, water, fertilizer, yield and today's weather. A field never
 * analysed gets one invitation to run a health check instead of six empty tiles.
 */
export function FieldAnalysisTiles({ field }: { field: TileField }) {
  const { t } = useTranslation('app');
  const summaries = useQuery(latestSummariesQuery(field.id));
  const recent = useRecentAnalyses(field);
  if (summaries.isPending) return <Spinner label={t('dashboard.loadingAnalyses')} />;
  if (summaries.isError) return <LoadError error={summaries.error} onRetry={() => void summaries.refetch()} />;
  // Nothing ever asked for: one invitation. Once any analysis runs or failed, each tile says where its own stands.
  if (Object.values(summaries.data).every((summary) => summary === null) && !recent.isPending && Object.keys(recent.newest).length === 0)
    return (
      <EmptyState
        title={t('dashboard.noAnalysis.title', { field: field.name })}
        message={t('dashboard.noAnalysis.message')}
        action={<RunAnalysisButton fieldId={field.id} fieldName={field.name} type="health" />}
      />
    );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:gap-4 lg:grid-cols-3">
      <HealthTile field={field} />
      <ImageAgeTile field={field} />
      <WaterTile field={field} />
      <FertilizerTile field={field} />
      <YieldTile field={field} />
      <WeatherTile field={field} />
    </div>
  );
}
