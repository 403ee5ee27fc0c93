import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useLocate } from '../../../lib/use-locate.ts';
import { MeasuredArea } from './AreaPreview.tsx';
import { walkFrom, type BoundaryValues, type WalkedCorner } from './boundary-input.ts';

/** A fix worse than this (metres) may put the corner in the neighbour's field: the farmer is told to add it again. */
export const ROUGH_FIX_M = 15;

interface WalkInputProps {
  values: BoundaryValues;
  error?: string | undefined;
  boundaryError?: string | undefined;
  onChange: (values: BoundaryValues) => void;
}

/**
 * The boundary walked on foot, for a field with no satellite picture (or a farmer who trusts their feet more):
 * "Add my position" at each corner, every corner listed with how far off the phone says it may be.
 */
export function WalkInput({ values, error, boundaryError, onChange }: WalkInputProps) {
  const { t } = useTranslation('app');
  const { state, locate } = useLocate(
    (latitude, longitude, accuracyM) => onChange({ ...values, walked: [...values.walked, { latitude, longitude, accuracyM }] }),
    { fresh: true },
  );
  const walked = values.walked;
  const { boundary } = walkFrom(walked);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-stone-700">{t('boundary.walking.intro')}</p>
      {/* Above the list, so the button stays where the thumb is as corners are added. */}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          onClick={locate}
          disabled={state.status === 'locating'}
          aria-describedby={error ? 'boundary-walk-error' : undefined}
        >
          {state.status === 'locating' ? t('boundary.walking.adding') : t('boundary.walking.add')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={walked.length === 0}
          onClick={() => onChange({ ...values, walked: walked.slice(0, -1) })}
        >
          {t('boundary.walking.removeLast')}
        </Button>
        <Button type="button" variant="secondary" disabled={walked.length === 0} onClick={() => onChange({ ...values, walked: [] })}>
          {t('boundary.walking.startAgain')}
        </Button>
      </div>
      {walked.length === 0 ? (
        <p className="text-stone-700">{t('boundary.walking.none')}</p>
      ) : (
        <ol aria-label={t('boundary.walking.list')} className="flex flex-col gap-1">
          {walked.map((corner, i) => (
            <WalkedCornerItem key={i} corner={corner} number={i + 1} />
          ))}
        </ol>
      )}
      {state.status === 'failed' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t(`boundary.locateFailed.${state.reason}`)}
        </p>
      )}
      {error && (
        <p id="boundary-walk-error" role="alert" className="font-medium text-red-800">
          {error}
        </p>
      )}
      <MeasuredArea boundary={boundary} boundaryError={boundaryError} />
    </div>
  );
}

function WalkedCornerItem({ corner, number }: { corner: WalkedCorner; number: number }) {
  const { t } = useTranslation('app');
  const metres = formatNumber(corner.accuracyM, 0);
  const rough = corner.accuracyM > ROUGH_FIX_M;
  return (
    <li className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-stone-900">
      <span>{t('boundary.walking.corner', { number, latitude: corner.latitude.toFixed(6), longitude: corner.longitude.toFixed(6) })}</span>{' '}
      <span className={rough ? 'font-medium text-amber-900' : 'text-stone-700'}>({t('boundary.walking.accuracy', { metres })})</span>
      {rough && <p className="mt-1 text-sm font-medium text-amber-900">{t('boundary.walking.rough', { metres })}</p>}
    </li>
  );
}
