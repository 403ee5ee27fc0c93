import type { NutrientLevel, PhLevel } from '@murimi/core';
import { useTranslation } from 'react-i18next';

const tone: Record<NutrientLevel | PhLevel, string> = {
  low: 'border-amber-300 bg-amber-50 text-amber-900',
  medium: 'border-leaf-200 bg-leaf-50 text-leaf-900',
  high: 'border-sky-300 bg-sky-50 text-sky-900',
  acidic: 'border-amber-300 bg-amber-50 text-amber-900',
  optimal: 'border-leaf-200 bg-leaf-50 text-leaf-900',
  alkaline: 'border-sky-300 bg-sky-50 text-sky-900',
};

/** A rating in words (never colour alone), tinted by what it calls for. */
export function RatingBadge({ level }: { level: NutrientLevel | PhLevel }) {
  const { t } = useTranslation('app');
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-sm font-semibold ${tone[level]}`}>
      {t(`ratings.${level}`)}
    </span>
  );
}
