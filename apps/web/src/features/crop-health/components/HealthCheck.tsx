import type { HealthReading, HealthResult } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Facts, Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { analysisQuery, latestSummariesQuery } from '../../analyses/api/analyses.ts';
import { RunAnalysisButton } from '../../analyses/components/RunAnalysisButton.tsx';
import { NoResultYet } from '../../analyses/components/AnalysisGapNote.tsx';
import { anomalyText, lastClearText, problemZoneText, trendText } from '../health-summary.ts';
import { PROBLEM_ZONE_COLOUR } from '../problem-zones.ts';

const statusTone: Record<HealthReading['status'], BadgeTone> = { healthy: 'good', moderate: 'info', 'bare-or-stressed': 'warning' };

/** The latest completed health analysis of the field, read in full; undefined while loading, null when there is none. */
export function useLatestHealth(fieldId: string) {
  const latest = useQuery(latestSummariesQuery(fieldId));
  const id = latest.data?.health?.id ?? null;
  const detail = useQuery({ ...analysisQuery(fieldId, 'health', id ?? ''), enabled: id !== null });
  const result: HealthResult | null | undefined = latest.data && !id ? null : (detail.data?.result ?? undefined);
  return { latest, detail, analysis: detail.data ?? null, result };
}

/**
 * The field's latest health check: status, trend, comparison with earlier seasons, the last clear image and the
 * problem areas (also outlined on the map); with a button to run it (again).
 */
export function HealthCheck({
  fieldId,
  fieldName,
  health,
}: {
  fieldId: string;
  fieldName: string;
  health: ReturnType<typeof useLatestHealth>;
}) {
  const { t } = useTranslation('app');
  const { latest, detail, analysis, result } = health;
  const title = (
    <h2 id="health-check-title" className="text-lg font-semibold text-stone-900">
      {t('cropHealth.health.title')}
    </h2>
  );
  const runButton = (again: boolean) => (
    <RunAnalysisButton
      fieldId={fieldId}
      fieldName={fieldName}
      type="health"
      label={again ? t('cropHealth.health.rerun') : t('cropHealth.health.run')}
      variant={again ? 'secondary' : 'primary'}
    />
  );

  let body;
  if (latest.isError) body = <LoadError error={latest.error} onRetry={() => void latest.refetch()} />;
  else if (detail.isError) body = <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (result === undefined) body = <Spinner label={t('cropHealth.health.loading')} />;
  else if (result === null)
    body = (
      <NoResultYet
        field={{ id: fieldId, name: fieldName }}
        type="health"
        title={t('cropHealth.health.noneTitle')}
        message={t('cropHealth.health.noneMessage')}
        action={runButton(false)}
      />
    );
  else if (result.status === 'no-clear-image')
    body = <p className="text-stone-800">{t('cropHealth.health.noClearImage', { count: result.history.length })}</p>;
  else body = <Reading reading={result} checkedOn={analysis?.analysis_date ?? analysis?.finished_at?.slice(0, 10) ?? null} />;

  return (
    <section aria-labelledby="health-check-title" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">{title}</div>
      {body}
      {result && analysis && <div className="mt-4 flex flex-wrap items-center gap-3">{runButton(true)}</div>}
    </section>
  );
}

function Reading({ reading, checkedOn }: { reading: HealthReading; checkedOn: string | null }) {
  const { t } = useTranslation('app');
  return (
    <>
      <p className="mb-3 text-sm text-stone-700">
        {t('cropHealth.health.checkedOn', {
          date: formatDate(checkedOn),
          imageDate: formatDate(reading.latest.date),
          clear: formatNumber(reading.latest.clearFraction * 100, 0),
        })}
      </p>
      <Facts
        items={[
          {
            label: t('cropHealth.health.statusLabel'),
            value: <Badge tone={statusTone[reading.status]}>{t(`cropHealth.health.status.${reading.status}`)}</Badge>,
          },
          { label: t('cropHealth.health.meanLabel'), value: formatNumber(reading.latest.ndvi.mean, 2) },
          { label: t('cropHealth.health.trendLabel'), value: trendText(t, reading.trend) },
          { label: t('cropHealth.health.anomalyLabel'), value: anomalyText(t, reading.anomaly) },
          { label: t('cropHealth.health.lastClearLabel'), value: lastClearText(t, reading.lastClearImage) },
        ]}
      />
      <h3 className="mt-4 font-semibold text-stone-900">{t('cropHealth.health.zones.title')}</h3>
      {reading.problemZones.length === 0 ? (
        <p className="text-stone-700">{t('cropHealth.health.zones.none')}</p>
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <span aria-hidden className="inline-block w-6 border-t-[3px] border-dashed" style={{ borderColor: PROBLEM_ZONE_COLOUR }} />
            {t('cropHealth.health.zones.outlined')}
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-900">
            {reading.problemZones.map((zone, i) => (
              <li key={i}>{problemZoneText(t, zone)}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
