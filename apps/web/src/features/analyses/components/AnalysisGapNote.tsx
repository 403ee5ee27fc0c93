import type { AnalysisType } from '@murimi/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { analysisGap, type AdviceField, type AnalysisGap } from '../analysis-state.ts';
import { useRecentAnalyses } from '../use-recent-analyses.ts';
import { RunAnalysisButton } from './RunAnalysisButton.tsx';

/** A running or failed analysis as a badge; null for the other gaps. */
export function AnalysisGapBadge({ gap }: { gap: AnalysisGap }) {
  const { t } = useTranslation('app');
  if (gap?.kind === 'running') return <Badge tone="info">{t('analysisProgress.gap.runningBadge')}</Badge>;
  if (gap?.kind === 'failed') return <Badge tone="warning">{t('analysisProgress.gap.failedBadge')}</Badge>;
  return null;
}

/**
 * Why there is no result, in the field's own terms: running, failed with the server's sentence (and Try again),
 * the crop or the planting date missing, or not run yet (and Run).
 */
export function AnalysisGapNote({
  field,
  type,
  gap,
  runLabel,
}: {
  field: AdviceField;
  type: AnalysisType;
  gap: NonNullable<AnalysisGap>;
  runLabel?: string;
}) {
  const { t } = useTranslation('app');
  const text = {
    running: t('analysisProgress.gap.running'),
    failed: gap.kind === 'failed' ? t('analysisProgress.gap.failed', { message: gap.message }) : '',
    'no-crop': t('analysisProgress.gap.noCrop'),
    'no-planting-date': t('analysisProgress.gap.noPlantingDate'),
    'not-run': t('analysisProgress.gap.notRun'),
  }[gap.kind];
  const canRun = gap.kind === 'failed' || gap.kind === 'not-run';
  return (
    <>
      <p className={gap.kind === 'failed' ? 'text-red-900' : 'text-stone-700'} role={gap.kind === 'failed' ? 'alert' : undefined}>
        {text}
      </p>
      {canRun && (
        <div>
          <RunAnalysisButton
            fieldId={field.id}
            fieldName={field.name}
            type={type}
            variant="secondary"
            label={gap.kind === 'failed' ? t('analysisProgress.tryAgain') : runLabel}
          />
        </div>
      )}
    </>
  );
}

/**
 * A screen's "no result yet" box: when the field's newest run of the type is running or failed, or the field lacks
 * what the type needs, that is said (with Try again for a failure); else the screen's invitation to run it: `title`,
 * `message` and its Run button (`action`).
 */
export function NoResultYet({
  field,
  type,
  title,
  message,
  action,
}: {
  field: AdviceField;
  type: AnalysisType;
  title: string;
  message: string;
  action: ReactNode;
}) {
  const { newest } = useRecentAnalyses(field);
  const gap = analysisGap(field, type, newest[type], null);
  if (!gap || gap.kind === 'not-run')
    return (
      <div className="rounded-lg border border-dashed border-stone-300 p-4 text-center">
        <p className="font-semibold text-stone-900">{title}</p>
        <p className="mx-auto mt-1 max-w-prose text-stone-700">{message}</p>
        <div className="mt-3 flex justify-center">{action}</div>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-stone-300 p-4 text-center">
      <AnalysisGapNote field={field} type={type} gap={gap} />
    </div>
  );
}
