import type { FieldSummary, IrrigationAdviceResult } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { KeptCopyNote, LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useLatestResult } from '../../analyses/api/latest-results.ts';
import { RunAnalysisButton } from '../../analyses/components/RunAnalysisButton.tsx';
import { NoResultYet } from '../../analyses/components/AnalysisGapNote.tsx';
import { TimeSeriesChart, seriesSummary } from '../../charts/index.ts';
import { SyncStateBadge } from '../../offline/components/SyncStateBadge.tsx';
import { usePendingRecords } from '../../offline/pending-records.ts';
import { useWithPending } from '../../offline/use-with-pending.ts';
import { useUpdateField } from '../../fields/api/fields.ts';
import { useIrrigationEvents, useRainReadings } from '../api/water-records.ts';
import { defaultIrrigationMethod, lastIrrigationMethod } from '../irrigation-method.ts';
import { adviceInputs, adviceNotes, defaultDepthText, depletionSeries, type AdviceInput } from '../water-view.ts';
import { fieldWeatherQuery } from '../weather-api.ts';
import { IrrigationLogForm, RainLogForm, type SavedWaterLog } from './WaterLogForms.tsx';
import { CurrentConditionsPanel, ForecastPanel } from './WeatherPanels.tsx';

const panelClass = 'rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5';

type Latest = ReturnType<typeof useLatestResult<'irrigation'>>;

/** The advice's state in two or three words, tinted by what it calls for. */
function adviceStatus(result: IrrigationAdviceResult): { key: string; tone: BadgeTone } {
  const advice = result.advice;
  if (advice.kind === 'irrigation-schedule') {
    if (advice.status === 'irrigate') return { key: 'water.advice.statusIrrigate', tone: 'warning' };
    if (advice.status === 'postpone') return { key: 'water.advice.statusPostpone', tone: 'info' };
    if (advice.status === 'no-crop-growing') return { key: 'water.advice.statusNoCrop', tone: 'info' };
    return { key: 'water.advice.statusNotNeeded', tone: 'good' };
  }
  if (!advice.cropGrowing) return { key: 'water.advice.statusNoCrop', tone: 'info' };
  if (advice.stressedToday) return { key: 'water.advice.statusStressed', tone: 'warning' };
  if (advice.daysUntilStress !== null) return { key: 'water.advice.statusStressExpected', tone: 'warning' };
  return { key: 'water.advice.statusNoStress', tone: 'good' };
}

function InputValue({ item, assumed }: { item: AdviceInput; assumed: boolean }) {
  const { t } = useTranslation('app');
  if (item.unit === 'texture') {
    const texture = t(`soilTextures.${item.value}` as 'soilTextures.loam', { defaultValue: String(item.value) });
    return <>{assumed ? t('water.advice.soilAssumed', { texture }) : texture}</>;
  }
  const value = typeof item.value === 'number' ? formatNumber(item.value, 2) : item.value;
  if (item.unit === 'mm') return <>{t('water.advice.valueMm', { value })}</>;
  if (item.unit === 'days') return <>{t('water.advice.valueDays', { value })}</>;
  return <>{value}</>;
}

/** The recommendation in one sentence, its inputs behind "Why", and the button to work it out (again). */
function AdvicePanel({ field, latest, logged }: { field: FieldSummary; latest: Latest; logged: boolean }) {
  const { t } = useTranslation('app');
  const run = (again: boolean) => (
    <RunAnalysisButton
      fieldId={field.id}
      fieldName={field.name}
      type="irrigation"
      label={again ? t('water.advice.rerun') : t('water.advice.run')}
      variant={again ? 'secondary' : 'primary'}
    />
  );
  const result = latest.result;
  let body;
  if (latest.state === 'error') body = <LoadError error={latest.error} onRetry={latest.retry} />;
  else if (latest.state === 'loading') body = <Spinner label={t('water.advice.loading')} />;
  else if (latest.state === 'none' || !result)
    body = (
      <NoResultYet
        field={field}
        type="irrigation"
        title={t('water.advice.noneTitle')}
        message={t('water.advice.noneMessage')}
        action={run(false)}
      />
    );
  else if ('status' in result && result.status === 'needs-field-details')
    body = (
      <div className="space-y-3">
        <p className="text-stone-800">{t('water.advice.needsDetails', { message: result.message })}</p>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={`/fields/${field.id}`} variant="secondary">
            {t('water.advice.detailsAction')}
          </ButtonLink>
          {run(true)}
        </div>
      </div>
    );
  else {
    const advice = result as IrrigationAdviceResult;
    const status = adviceStatus(advice);
    const sentence = latest.summary?.summary ?? advice.advice.reasons[0]?.message ?? '';
    const notes = adviceNotes(advice, sentence);
    const checkedOn = latest.summary?.analysis_date ?? latest.summary?.finished_at?.slice(0, 10) ?? null;
    body = (
      <div className="space-y-3">
        <KeptCopyNote query={latest.summaries} />
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{t(status.key as 'water.advice.statusIrrigate')}</Badge>
          {latest.summary?.simulated && <Badge tone="info">{t('water.simulated')}</Badge>}
        </div>
        <p data-testid="water-recommendation" className="text-lg text-stone-900">
          {sentence}
        </p>
        {advice.advice.kind === 'water-stress-report' && <p className="text-sm text-stone-700">{t('water.advice.rainFed')}</p>}
        {checkedOn && <p className="text-sm text-stone-700">{t('water.advice.checkedOn', { date: formatDate(checkedOn) })}</p>}
        <details className="rounded-lg border border-stone-200 p-3">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-stone-900">{t('water.advice.why')}</summary>
          <dl className="mt-2 grid grid-cols-1 gap-y-2">
            {adviceInputs(advice).map((item) => (
              <div key={item.key} className="flex flex-wrap justify-between gap-x-4 border-b border-stone-100 pb-1">
                <dt className="text-stone-700">{t(`water.advice.inputs.${item.key}`)}</dt>
                <dd className="font-medium text-stone-900">
                  <InputValue item={item} assumed={advice.waterBalance.soil.textureAssumed} />
                </dd>
              </div>
            ))}
          </dl>
          {notes.length > 0 && (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-stone-800">
              {notes.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm text-stone-700">{t('water.advice.method')}</p>
        </details>
        {!logged && <div className="flex flex-wrap gap-3">{run(true)}</div>}
      </div>
    );
  }
  return (
    <section aria-labelledby="water-advice-title" className={panelClass}>
      <h2 id="water-advice-title" className="mb-3 text-lg font-semibold text-stone-900">
        {t('water.advice.title')}
      </h2>
      {body}
    </section>
  );
}

/** The chart's title: since planting when the result keeps the whole season, else the balance's last days. */
const depletionChartTitle = (result: IrrigationAdviceResult, t: ReturnType<typeof useTranslation<'app'>>['t']) =>
  result.waterBalance.season ? t('water.chart.titleSeason') : t('water.chart.title');

/** Root-zone depletion since planting (or the balance's last days) and the forecast, against RAW and TAW, with irrigation and rain. */
function DepletionChart({ result }: { result: IrrigationAdviceResult }) {
  const { t } = useTranslation('app');
  const series = depletionSeries(result);
  if (series.dates.length === 0) return <p className="text-stone-700">{t('water.chart.none')}</p>;
  const depletion = t('water.chart.depletion');
  const summary = [
    seriesSummary(t, { label: depletion, unit: 'mm', dates: series.dates, values: series.depletion, digits: 1 }),
    seriesSummary(t, { label: t('water.chart.raw'), unit: 'mm', dates: series.dates, values: series.readilyAvailable, digits: 1 }),
    seriesSummary(t, { label: t('water.chart.taw'), unit: 'mm', dates: series.dates, values: series.totalAvailable, digits: 1 }),
  ].join(' ');
  return (
    <div data-testid="depletion-chart" data-depletion={JSON.stringify(series.depletion)}>
      <TimeSeriesChart
        title={depletionChartTitle(result, t)}
        dates={series.dates}
        lines={[
          { label: depletion, unit: 'mm', values: series.depletion },
          { label: t('water.chart.irrigation'), unit: 'mm', values: series.irrigation },
          { label: t('water.chart.rain'), unit: 'mm', values: series.rain },
        ]}
        band={{ label: `${t('water.chart.raw')} – ${t('water.chart.taw')}`, low: series.readilyAvailable, high: series.totalAvailable }}
        height={240}
        summary={summary}
      />
      {series.firstForecastDate && (
        <p className="mt-2 text-sm text-stone-700">{t('water.chart.note', { date: formatDate(series.firstForecastDate) })}</p>
      )}
    </div>
  );
}

/**
 * The field's logged irrigations and gauge readings, newest first, with those saved on this device and not sent yet
 * (an irrigation given as a volume has no depth until the server turns it into one: "—").
 */
function RecentLogs({ fieldId }: { fieldId: string }) {
  const { t } = useTranslation('app');
  const events = useWithPending(useIrrigationEvents(fieldId), 'irrigationEvents', { fieldId });
  const readings = useWithPending(useRainReadings(fieldId), 'rainReadings', { fieldId });
  // What is held shows, the logs saved on this device among it, whatever the last request did (offline it fails).
  const failed = [events, readings].find((list) => list.data === undefined && list.isError);
  if (failed && events.data === undefined && readings.data === undefined)
    return <LoadError error={failed.error} onRetry={() => void failed.refetch()} />;
  if ((events.data === undefined || readings.data === undefined) && !failed) return null;
  const rows = [
    ...(events.data ?? []).map((event) => ({
      id: event.id,
      date: event.irrigationDate ?? '',
      syncState: event.syncState,
      text: t('water.log.irrigationItem', {
        date: formatDate(event.irrigationDate),
        depth: formatNumber(event.depthMm, 1),
        method: event.method ? t(`water.log.methods.${event.method}`) : '—',
      }),
    })),
    ...(readings.data ?? []).map((reading) => ({
      id: reading.id,
      date: reading.readingDate ?? '',
      syncState: reading.syncState,
      text: t('water.log.rainItem', { date: formatDate(reading.readingDate), rain: formatNumber(reading.rainMm, 1) }),
    })),
  ]
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 8);
  return (
    <div>
      <h3 className="font-semibold text-stone-900">{t('water.log.recent')}</h3>
      {rows.length === 0 ? (
        <p className="text-stone-700">{t('water.log.recentNone')}</p>
      ) : (
        <ul data-testid="water-log-list" className="mt-1 space-y-1 text-stone-800">
          {rows.map((row) => (
            <li key={row.id}>
              {row.text} <SyncStateBadge state={row.syncState} />
            </li>
          ))}
        </ul>
      )}
      {failed && <LoadError error={failed.error} onRetry={() => void failed.refetch()} />}
    </div>
  );
}

/**
 * After a log: kept on this device, it says so and that it waits to be sent; once the server has it, the prompt to
 * check the advice again so it counts this water (asking before would work out the advice without it).
 */
function LoggedPrompt({ field, logged }: { field: FieldSummary; logged: SavedWaterLog }) {
  const { t } = useTranslation('app');
  const irrigations = usePendingRecords('irrigationEvents', { fieldId: field.id });
  const rain = usePendingRecords('rainReadings', { fieldId: field.id });
  const waiting = logged.queued && [...irrigations, ...rain].some((pending) => pending.record.id === logged.id);
  return (
    <div role="status" data-testid="water-logged" className="space-y-2 rounded-lg bg-sky-50 p-3 text-sky-950">
      {waiting ? (
        <p>{t('water.log.savedWaiting')}</p>
      ) : (
        <>
          <p>{t('water.log.checkAgain')}</p>
          <RunAnalysisButton fieldId={field.id} fieldName={field.name} type="irrigation" label={t('water.advice.rerun')} />
        </>
      )}
    </div>
  );
}

/**
 * A field not marked irrigated had an irrigation logged (any farmer can carry buckets): asked once, the field is
 * marked irrigated, so its advice becomes a watering schedule. Offline the change waits with the log.
 */
function MarkIrrigatedQuestion({ field, open, onClose }: { field: FieldSummary; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('app');
  const update = useUpdateField();
  const mark = () => {
    update.mutate({ id: field.id, lastModified: field.lastModified, changes: { irrigated: true } });
    onClose();
  };
  return (
    <Dialog
      open={open}
      title={t('water.log.markIrrigatedTitle', { name: field.name })}
      message={t('water.log.markIrrigatedMessage')}
      onClose={onClose}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('water.log.markIrrigatedNo')}
        </Button>
        <Button onClick={mark}>{t('water.log.markIrrigatedYes')}</Button>
      </div>
    </Dialog>
  );
}

/**
 * One field's water: the weather now and for the week, the irrigation advice with its reasons, the root-zone
 * depletion chart, and the forms to log irrigation and rain — after a log, a prompt to check the advice again.
 */
export function FieldWater({ field }: { field: FieldSummary }) {
  const { t } = useTranslation('app');
  const weather = useQuery(fieldWeatherQuery(field.id));
  const latest = useLatestResult(field.id, 'irrigation');
  // The last log and the analysis it was made against: once a newer one completes, the prompt goes.
  const [lastLog, setLastLog] = useState<(SavedWaterLog & { against: string | null }) | null>(null);
  const currentId = latest.summary?.id ?? null;
  const logged = lastLog !== null && lastLog.against === currentId;
  const result = latest.result && !('status' in latest.result) ? latest.result : null;
  const depth = defaultDepthText(result);
  const onLogged = (saved: SavedWaterLog) => setLastLog({ ...saved, against: currentId });
  const latestFieldMethod = useIrrigationEvents(field.id).data?.[0]?.method;
  const method = defaultIrrigationMethod({ fieldName: field.name, latestFieldMethod, lastChoice: lastIrrigationMethod() });
  // Asked once per field and visit, after the first irrigation logged on a field not marked irrigated.
  const [askIrrigated, setAskIrrigated] = useState<'no' | 'open' | 'asked'>('no');
  const onIrrigationLogged = (saved: SavedWaterLog) => {
    onLogged(saved);
    if (!field.irrigated && askIrrigated === 'no') setAskIrrigated('open');
  };

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0 space-y-4">
        <AdvicePanel field={field} latest={latest} logged={logged} />
        {result && (
          <section aria-labelledby="depletion-title" className={panelClass}>
            <h2 id="depletion-title" className="sr-only">
              {depletionChartTitle(result, t)}
            </h2>
            <DepletionChart result={result} />
          </section>
        )}
        <section aria-labelledby="log-water-title" className={`${panelClass} space-y-6`}>
          <h2 id="log-water-title" className="text-lg font-semibold text-stone-900">
            {t('water.log.title')}
          </h2>
          {logged && <LoggedPrompt field={field} logged={lastLog} />}
          <IrrigationLogForm
            key={`${field.id}-${depth}-${method}`}
            fieldId={field.id}
            defaultDepth={depth}
            defaultMethod={method}
            onSaved={onIrrigationLogged}
          />
          <RainLogForm fieldId={field.id} onSaved={onLogged} />
          <RecentLogs fieldId={field.id} />
          <MarkIrrigatedQuestion field={field} open={askIrrigated === 'open'} onClose={() => setAskIrrigated('asked')} />
        </section>
      </div>
      <div className="min-w-0 space-y-4">
        <CurrentConditionsPanel weather={weather} />
        <ForecastPanel weather={weather} />
      </div>
    </div>
  );
}
