import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/Button.tsx';
import { selectField } from '../../field-selection/field-selection.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { analysisKeys } from '../api/analyses.ts';
import { analysisOverviewKey } from '../api/latest-results.ts';
import { analysisRuns, type AnalysisRun, type RunFailure } from '../analysis-runs.ts';
import { resultPath, useAnalysisRuns } from '../use-analysis-runs.ts';

/** The sentence a failed run's card shows: the spec's text for what failed, or the server's for the analysis. */
function useFailureText() {
  const { t } = useTranslation('app');
  return (failure: RunFailure | null) => {
    if (!failure) return t('analysisProgress.failedGeneric');
    if (failure.kind === 'start') return t(`analysisProgress.startFailed.${failure.reason}`);
    if (failure.kind === 'poll') return t(`analysisProgress.pollFailed.${failure.reason}`);
    return failure.message || t('analysisProgress.failedGeneric');
  };
}

function ProgressCard({ run }: { run: AnalysisRun }) {
  const { t } = useTranslation('app');
  const failureText = useFailureText();
  const typeName = t(`analysisProgress.typeNames.${run.type}`);
  const waiting = run.state === 'starting' || run.state === 'running';
  const { message } = run.progress;
  const text =
    run.state === 'failed'
      ? failureText(run.failure)
      : run.state === 'cancelled'
        ? t('analysisProgress.cancelledState')
        : 'params' in message
          ? t(message.key, message.params)
          : t(message.key);
  const tone =
    run.state === 'failed' || run.state === 'timed-out'
      ? 'border-red-300'
      : run.state === 'completed'
        ? 'border-leaf-400'
        : 'border-stone-200';
  return (
    <li
      className={`pointer-events-auto w-full rounded-xl border bg-white p-4 shadow-lg ${tone}`}
      data-testid="analysis-card"
      data-state={run.state}
      data-type={run.type}
      data-stage={run.progress.stage ?? ''}
    >
      <p className="font-semibold text-stone-900">{t('analysisProgress.cardTitle', { type: typeName, field: run.fieldName })}</p>
      {run.state !== 'failed' && run.state !== 'cancelled' && (
        <div
          role="progressbar"
          aria-label={t('analysisProgress.cardTitle', { type: typeName, field: run.fieldName })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={run.progress.percent}
          aria-valuetext={t('analysisProgress.percentDone', { percent: run.progress.percent })}
          className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200"
        >
          <div
            className={`h-full rounded-full ${run.state === 'timed-out' ? 'bg-amber-600' : 'bg-leaf-700'} transition-[width] duration-700 motion-reduce:transition-none`}
            style={{ width: `${run.progress.percent}%` }}
          />
        </div>
      )}
      <p
        className={`mt-2 text-sm ${run.state === 'failed' ? 'text-red-800' : 'text-stone-700'}`}
        role={run.state === 'failed' ? 'alert' : undefined}
      >
        {text}
      </p>
      {waiting && <p className="mt-1 text-xs text-stone-600">{t('analysisProgress.note')}</p>}
      {run.simulated && run.state === 'completed' && <p className="mt-1 text-xs text-stone-600">{t('analysisProgress.simulated')}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {waiting && (
          <Button variant="secondary" onClick={() => void analysisRuns.cancel(run.fieldId, run.type)}>
            {t('analysisProgress.cancel')}
          </Button>
        )}
        {run.state === 'completed' && (
          <ButtonLink
            to={resultPath(run.fieldId, run.type)}
            variant="secondary"
            onClick={() => {
              // Crop Health shows the selected field: this one.
              selectField(run.fieldId);
              analysisRuns.dismiss(run.key);
            }}
          >
            {t('analysisProgress.viewResult')}
          </ButtonLink>
        )}
        {(run.state === 'failed' || run.state === 'timed-out') && (
          <Button
            variant="secondary"
            onClick={() => void analysisRuns.run({ fieldId: run.fieldId, fieldName: run.fieldName, type: run.type })}
          >
            {t('analysisProgress.tryAgain')}
          </Button>
        )}
        {!waiting && (
          <Button variant="ghost" onClick={() => analysisRuns.dismiss(run.key)}>
            {t('analysisProgress.close')}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The floating progress cards (spec §2.6): bottom-right, stacked, above the phone's bottom bar, kept while the person
 * moves between screens. A finished run refreshes every query of its field, so its result appears without a reload.
 */
export function AnalysisProgressCards() {
  const { t } = useTranslation('app');
  const runs = useAnalysisRuns();
  const queryClient = useQueryClient();

  useEffect(() => {
    const offSettled = analysisRuns.onSettled((run) => {
      void queryClient.invalidateQueries({ queryKey: analysisKeys.ofField(run.fieldId) });
      void queryClient.invalidateQueries({ queryKey: ['imagery', run.fieldId] });
      void queryClient.invalidateQueries({ queryKey: analysisOverviewKey });
    });
    const offNotice = analysisRuns.onNotice((notice) => {
      if (notice === 'alreadyRunning') showToast(t('analysisProgress.startFailed.alreadyRunning'), { type: 'warning' });
      else if (notice === 'cancelled') showToast(t('analysisProgress.toasts.cancelled'), { type: 'success' });
      else showToast(t(`analysisProgress.toasts.${notice}`), { type: 'error' });
    });
    return () => {
      offSettled();
      offNotice();
    };
  }, [queryClient, t]);

  const [folded, setFolded] = useState(false);
  const listId = useId();
  if (runs.length === 0) return null;
  return (
    <section
      aria-label={t('analysisProgress.cardsLabel')}
      className="pointer-events-none fixed right-3 bottom-20 z-40 flex w-[min(22rem,calc(100vw-1.5rem))] flex-col items-end gap-2 md:right-6 md:bottom-6"
    >
      {/* The cards cover what lies under them (a phone's whole lower half with three runs): folded, one button stays. */}
      <button
        type="button"
        aria-expanded={!folded}
        aria-controls={listId}
        onClick={() => setFolded(!folded)}
        className="pointer-events-auto min-h-11 rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-900 shadow-lg hover:bg-stone-50"
      >
        {folded ? t('analysisProgress.show', { count: runs.length }) : t('analysisProgress.hide')}
      </button>
      <ol id={listId} hidden={folded} className="flex w-full flex-col gap-3" aria-live="polite">
        {runs.map((run) => (
          <ProgressCard key={run.key} run={run} />
        ))}
      </ol>
    </section>
  );
}
