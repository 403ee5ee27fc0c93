import type { NutrientLevel, PhLevel } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';

/** Low calls for attention, medium or optimal is fine, high or alkaline is for information. */
const tone: Record<NutrientLevel | PhLevel, BadgeTone> = {
  low: 'warning',
  medium: 'good',
  high: 'info',
  acidic: 'warning',
  optimal: 'good',
  alkaline: 'info',
};

/** A soil test rating in words (never colour alone), tinted by what it calls for. */
export function RatingBadge({ level }: { level: NutrientLevel | PhLevel }) {
  const { t } = useTranslation('app');
  return <Badge tone={tone[level]}>{t(`ratings.${level}`)}</Badge>;
}
