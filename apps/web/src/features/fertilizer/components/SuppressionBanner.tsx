import type { FertilizerAdviceResult } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

type Suppression = FertilizerAdviceResult['suppressions'][number];

/** A rule holding an application back: which, why, when to look again and the source of the rule. */
export function SuppressionBanner({ suppression }: { suppression: Suppression }) {
  const { t } = useTranslation('app');
  const { lookAgainAfter } = suppression;
  const when = lookAgainAfter.date
    ? t('fertilizerAdvice.suppressed.lookAgainDate', { date: formatDate(lookAgainAfter.date), condition: lookAgainAfter.condition })
    : lookAgainAfter.condition;
  return (
    <div role="note" data-suppression={suppression.rule} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <p className="font-semibold">{t('fertilizerAdvice.suppressed.title', { rule: t(`fertilizerAdvice.rules.${suppression.rule}`) })}</p>
      <p className="mt-1">{suppression.reason}</p>
      <p className="mt-1 text-sm">{t(`fertilizerAdvice.suppressed.appliesTo.${suppression.appliesTo}`)}</p>
      <p className="mt-1 text-sm">{t('fertilizerAdvice.suppressed.lookAgain', { when })}</p>
      <p className="mt-1 text-sm text-amber-900">{t('fertilizerAdvice.suppressed.source', { source: suppression.source })}</p>
    </div>
  );
}
