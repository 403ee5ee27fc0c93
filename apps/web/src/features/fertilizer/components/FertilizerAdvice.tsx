import { gradeLabel, type FertilizerAdviceResult, type FieldSummary } from '@murimi/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/layout.tsx';
import { LoadError } from '../../../components/ui/QueryState.tsx';
import { formatDate, formatNumber, todayIso } from '../../../lib/format.ts';
import { useLatestResult } from '../../analyses/api/latest-results.ts';
import { RunAnalysisButton } from '../../analyses/components/RunAnalysisButton.tsx';
import { NoResultYet } from '../../analyses/components/AnalysisGapNote.tsx';
import { useApplications } from '../api/applications.ts';
import { applicationPrefill, eventToActOn, nothingNeeded, type FertilizerEvent } from '../advice-model.ts';
import { AdviceReasons } from './AdviceReasons.tsx';
import type { ApplicationPrefill } from './ApplicationForm.tsx';
import { BagCalculator } from './BagCalculator.tsx';
import { SuppressionBanner } from './SuppressionBanner.tsx';

const actionTone: Record<FertilizerEvent['action'], BadgeTone> = { 'apply-now': 'good', hold: 'warning', wait: 'info' };
const kg = (value: number) => formatNumber(value, 1);

/** The three nutrients still needed this season, kg/ha, as large figures. */
function StillNeeded({ result }: { result: FertilizerAdviceResult }) {
  const { t } = useTranslation('app');
  const { stillNeeded } = result;
  if (nothingNeeded(stillNeeded)) return <p className="font-semibold text-stone-900">{t('fertilizerAdvice.nothingLeft')}</p>;
  const figures = [
    ['nitrogen', stillNeeded.nitrogenKgPerHa],
    ['phosphate', stillNeeded.phosphateKgPerHa],
    ['potash', stillNeeded.potashKgPerHa],
  ] as const;
  return (
    <div>
      <h3 className="text-sm font-medium text-stone-600">{t('fertilizerAdvice.stillNeededTitle')}</h3>
      <dl className="mt-1 grid grid-cols-3 gap-2">
        {figures.map(([nutrient, value]) => (
          <div key={nutrient} className="rounded-lg bg-stone-100 p-2 text-center">
            <dt className="text-sm text-stone-700">{t(`fertilizerAdvice.nutrients.${nutrient}`)}</dt>
            <dd className="text-xl font-bold text-stone-900 tabular-nums">{t('fertilizerAdvice.kgPerHa', { value: kg(value) })}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One application of the season: its window, what it supplies, what holds it back and the products and bags. */
function AdviceEvent({
  event,
  field,
  onLog,
}: {
  event: FertilizerEvent;
  field: Pick<FieldSummary, 'id' | 'size_hectares'>;
  onLog: (prefill: ApplicationPrefill) => void;
}) {
  const { t } = useTranslation('app');
  const { window, windowDates, nutrients, plan } = event;
  return (
    <li className="rounded-lg border border-stone-200 p-3" data-event-kind={event.kind} data-action={event.action}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-stone-900">{event.label}</h4>
        <span className="flex flex-wrap gap-2">
          <Badge tone={actionTone[event.action]}>{t(`fertilizerAdvice.action.${event.action}`)}</Badge>
          <Badge tone="info">{t(`fertilizerAdvice.timing.${event.timing}`)}</Badge>
        </span>
      </div>
      <p className="text-sm text-stone-700">
        {windowDates
          ? t('fertilizerAdvice.window', {
              from: formatDate(windowDates.from),
              to: formatDate(windowDates.to),
              fromDay: window.fromDay,
              toDay: window.toDay,
            })
          : t('fertilizerAdvice.windowDays', { fromDay: window.fromDay, toDay: window.toDay })}
      </p>
      <p className="mt-1 text-stone-900">
        {t('fertilizerAdvice.eventNutrients', {
          n: kg(nutrients.nitrogenKgPerHa),
          p: kg(nutrients.phosphateKgPerHa),
          k: kg(nutrients.potashKgPerHa),
        })}
      </p>
      {event.suppressions.length > 0 && (
        <div className="mt-2 space-y-2">
          {event.suppressions.map((suppression) => (
            <SuppressionBanner key={suppression.rule} suppression={suppression} />
          ))}
        </div>
      )}
      {plan && plan.lines.length > 0 ? (
        <ul className="mt-2 space-y-3">
          {plan.lines.map((line) => (
            <li key={line.product.id} className="rounded-md bg-stone-50 p-2" data-bags={line.quantity.bagsToBuy}>
              <p className="font-semibold text-stone-900">
                {t('fertilizerAdvice.planLine', {
                  product: line.product.name,
                  grade: gradeLabel(line.product),
                  rate: formatNumber(line.rateKgPerHa, 0),
                })}
              </p>
              <p className="text-stone-900">
                {t(line.quantity.leftoverKg > 0 ? 'fertilizerAdvice.planBags' : 'fertilizerAdvice.planBagsExact', {
                  kg: formatNumber(line.quantity.fieldKg, 0),
                  hectares: formatNumber(field.size_hectares, 2),
                  bags: line.quantity.bagsToBuy,
                  left: formatNumber(line.quantity.leftoverKg, 0),
                })}
              </p>
              <p className="text-sm text-stone-700">{line.purpose}</p>
              {event.action === 'apply-now' && (
                <Button
                  className="mt-2"
                  onClick={() =>
                    onLog(
                      applicationPrefill({
                        fieldId: field.id,
                        product: line.product,
                        rateKgPerHa: line.rateKgPerHa,
                        kind: event.kind,
                        today: todayIso(),
                      }),
                    )
                  }
                >
                  {plan.lines.length > 1
                    ? t('fertilizerAdvice.logThisProduct', { product: line.product.name })
                    : t('fertilizerAdvice.logThis')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-stone-700">{t('fertilizerAdvice.noPlan')}</p>
      )}
      {[...(plan?.shortfalls ?? []), ...(plan?.notes ?? []), ...event.explanation].length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-800">
          {[...(plan?.shortfalls ?? []), ...(plan?.notes ?? []), ...event.explanation].map((sentence, i) => (
            <li key={i}>{sentence}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The selected field's fertilizer advice from its newest analysis: the suppression banner when advice is held
 * back, N, P₂O₅ and K₂O still needed with the split and timing, products and bags with "Log this application",
 * the reasons, and the bag calculator; or how to get advice when there is none.
 */
export function FertilizerAdvice({ field, onLog }: { field: FieldSummary; onLog: (prefill: ApplicationPrefill) => void }) {
  const { t } = useTranslation('app');
  const latest = useLatestResult(field.id, 'fertilizer');
  const applications = useApplications(field.id);
  const run = (again: boolean) => (
    <RunAnalysisButton
      fieldId={field.id}
      fieldName={field.name}
      type="fertilizer"
      label={t(again ? 'fertilizerAdvice.rerun' : 'fertilizerAdvice.run')}
      variant={again ? 'secondary' : 'primary'}
    />
  );
  const title = (
    <h2 id="fertilizer-advice-title" className="text-lg font-semibold text-stone-900">
      {t('fertilizerAdvice.title', { name: field.name })}
    </h2>
  );
  const frame = (body: ReactNode, badge?: ReactNode) => (
    <section aria-labelledby="fertilizer-advice-title" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        {title}
        {badge}
      </div>
      {body}
    </section>
  );

  if (latest.state === 'loading') return frame(<Spinner label={t('fertilizerAdvice.loading')} />);
  if (latest.state === 'error') return frame(<LoadError error={latest.error} onRetry={latest.retry} />);
  const calculator = (event: FertilizerEvent | null, key: string) => (
    <div className="max-w-3xl">
      <BagCalculator key={key} field={field} event={event} onLog={onLog} />
    </div>
  );
  if (latest.state === 'none' || !latest.result || !latest.summary)
    return (
      <div className="space-y-4">
        {frame(
          <NoResultYet
            field={field}
            type="fertilizer"
            title={t('fertilizerAdvice.noneTitle')}
            message={t('fertilizerAdvice.noneMessage')}
            action={run(false)}
          />,
        )}
        {calculator(null, 'none')}
      </div>
    );

  const { result, summary } = latest;
  const simulated = summary.simulated;
  const simulatedBadge = simulated ? <Badge tone="info">{t('fertilizerAdvice.simulated')}</Badge> : undefined;
  const analysedOn = (
    <p className="text-sm text-stone-700">
      {t('fertilizerAdvice.analysedOn', { date: formatDate(summary.analysis_date ?? summary.finished_at?.slice(0, 10)) })}
    </p>
  );
  if (result.status === 'needs-field-details')
    return (
      <div className="space-y-4">
        {frame(
          <>
            <p className="text-stone-900">{result.message}</p>
            <div className="mt-3 flex flex-wrap gap-3">
              <ButtonLink to={`/fields/${field.id}`} variant="secondary">
                {t('fertilizerAdvice.needsDetails')}
              </ButtonLink>
              {run(true)}
            </div>
          </>,
          simulatedBadge,
        )}
        {calculator(null, summary.id)}
      </div>
    );

  const finishedAt = summary.finished_at === null ? Number.NaN : Date.parse(summary.finished_at);
  const loggedSince = (applications.data ?? []).some((application) => Date.parse(application.createdAt) > finishedAt);
  const next = eventToActOn(result);
  // A rule that holds an application back is shown with that application; the rest above the advice.
  const shownWithEvents = new Set(result.events.flatMap((event) => event.suppressions.map((suppression) => suppression.rule)));
  const heldOutsideEvents = result.suppressions.filter((suppression) => !shownWithEvents.has(suppression.rule));
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
        {frame(
          <div className="space-y-4">
            {heldOutsideEvents.map((suppression) => (
              <SuppressionBanner key={suppression.rule} suppression={suppression} />
            ))}
            <p className="text-lg font-semibold text-stone-900" data-testid="advice-headline">
              {result.headline}
            </p>
            {analysedOn}
            {simulated && <p className="text-sm text-sky-900">{t('fertilizerAdvice.simulatedNote')}</p>}
            {loggedSince && (
              <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
                {t('fertilizerAdvice.staleAfterLog')}
              </p>
            )}
            {result.status === 'recommendation' ? (
              <>
                <StillNeeded result={result} />
                {result.daysAfterPlanting !== null && result.plantingDate && (
                  <p className="text-stone-800">
                    {t('fertilizerAdvice.dayOfSeason', { day: result.daysAfterPlanting, date: formatDate(result.plantingDate) })}
                  </p>
                )}
                {result.events.length > 0 && (
                  <div>
                    <h3 className="mb-2 font-semibold text-stone-900">{t('fertilizerAdvice.applicationsTitle')}</h3>
                    <ul className="space-y-3">
                      {result.events.map((event) => (
                        <AdviceEvent key={`${event.kind}-${event.window.fromDay}`} event={event} field={field} onLog={onLog} />
                      ))}
                    </ul>
                  </div>
                )}
              </>
            ) : null}
            <div className="flex flex-wrap gap-3">{run(true)}</div>
          </div>,
          simulatedBadge,
        )}
        <BagCalculator key={summary.id} field={field} event={result.status === 'recommendation' ? next : null} onLog={onLog} />
      </div>
      {result.status === 'recommendation' && <AdviceReasons fieldId={field.id} result={result} simulated={simulated} />}
    </div>
  );
}
