import type { AlertItem } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { formatShortMoment } from '../../../lib/format.ts';

/** What else is true of an alert: made from simulated data, over, resolved, snoozed. Nothing when none is. */
export function AlertBadges({ alert }: { alert: AlertItem }) {
  const { t } = useTranslation('alerts');
  const badges = [
    alert.resolvedAt && (
      <Badge key="resolved" tone="good">
        {t('resolved')}
      </Badge>
    ),
    alert.endedAt && (
      <Badge key="over" tone="good">
        {t('over')}
      </Badge>
    ),
    alert.snoozedUntil && (
      <Badge key="snoozed" tone="info">
        {t('snoozedUntil', { time: formatShortMoment(alert.snoozedUntil) })}
      </Badge>
    ),
    alert.simulated && (
      <Badge key="simulated" tone="warning">
        {t('simulated')}
      </Badge>
    ),
  ].filter(Boolean);
  if (badges.length === 0) return null;
  return <div className="flex flex-wrap gap-1.5">{badges}</div>;
}
