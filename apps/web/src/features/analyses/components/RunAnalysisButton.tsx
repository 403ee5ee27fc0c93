import type { AnalysisType } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { runAnalysis } from '../analysis-runs.ts';
import { useAnalysisRun } from '../use-analysis-runs.ts';

/**
 * Starts (or runs again) one analysis of a field. While it runs the button waits and says how far along it is; the
 * floating cards the shell draws show the rest (stage, cancel).
 */
export function RunAnalysisButton({
  fieldId,
  fieldName,
  type,
  label,
  variant = 'primary',
}: {
  fieldId: string;
  fieldName: string;
  type: AnalysisType;
  label?: string;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation('app');
  const run = useAnalysisRun(fieldId, type);
  const busy = run?.state === 'starting' || run?.state === 'running';
  return (
    <Button
      variant={variant}
      disabled={busy}
      aria-busy={busy}
      data-analysis-type={type}
      onClick={() => runAnalysis({ fieldId, fieldName, type })}
    >
      {busy ? t('analysisProgress.running', { percent: run.progress.percent }) : (label ?? t(`analysisProgress.run.${type}`))}
    </Button>
  );
}
