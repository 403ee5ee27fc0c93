import { ACRES_PER_HECTARE, MIN_FIELD_HECTARES, measureFieldBoundary, type FieldBoundary } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { describeProblem } from '../../../lib/form-errors.ts';
import { formatNumber } from '../../../lib/format.ts';

/** The area as typed so far, in hectares and acres, or what keeps it from being measured. */
export function AreaPreview({ hectares, problem }: { hectares: number | null; problem?: string | null }) {
  const { t } = useTranslation('app');
  const small = hectares !== null && hectares < MIN_FIELD_HECTARES;
  return (
    <div aria-live="polite" data-testid="boundary-area" className="rounded-lg bg-stone-100 p-3 text-stone-900">
      {hectares !== null ? (
        <p>{t('boundary.area', { hectares: formatNumber(hectares, 2), acres: formatNumber(hectares * ACRES_PER_HECTARE, 2) })}</p>
      ) : (
        <p className="text-stone-700">{problem ?? t('boundary.areaUnknown')}</p>
      )}
      {small && <p className="mt-1 font-medium text-amber-900">{t('boundary.tooSmall')}</p>}
    </div>
  );
}

/**
 * A boundary measured by core's rules (the ones the server applies on save): its area, or the rule it breaks; a
 * problem already said under the boundary (after Save) is not said twice.
 */
export function MeasuredArea({ boundary, boundaryError }: { boundary: FieldBoundary | null; boundaryError?: string | undefined }) {
  if (!boundary) return <AreaPreview hectares={null} />;
  const measured = measureFieldBoundary(boundary);
  if (measured.ok) return <AreaPreview hectares={measured.value.areaHectares} />;
  const problem = describeProblem(measured.problem);
  return problem === boundaryError ? null : <AreaPreview hectares={null} problem={problem} />;
}
