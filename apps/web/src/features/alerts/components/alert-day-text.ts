import type { AlertItem } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { formatShortDay, todayIso } from '../../../lib/format.ts';
import { alertDay } from '../alert-view.ts';

/** The day an alert speaks of, in words: "Tomorrow", "Thu 3 Dec", "Since Sun 25 Oct". */
export function useAlertDayText(): (alert: Pick<AlertItem, 'date' | 'daysAhead' | 'endedAt'>) => string {
  const { t } = useTranslation('alerts');
  const today = todayIso();
  return (alert) => {
    const day = alertDay(alert, today);
    return 'date' in day ? t(`day.${day.kind}`, { date: formatShortDay(day.date) }) : t(`day.${day.kind}`);
  };
}
