import type { AlertItem } from '@murimi/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/layout.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { useMarkAlertRead } from '../api/alerts.ts';
import { AlertActions } from './AlertActions.tsx';
import { AlertBadges } from './AlertBadges.tsx';
import { AlertEvidence } from './AlertEvidence.tsx';
import { useAlertDayText } from './alert-day-text.ts';
import { SeverityBadge } from './SeverityBadge.tsx';

/**
 * Opening an alert reads it: marked read once per visit (a person who then marks it unread keeps it so). Offline the
 * mark waits for the next visit; the screen still shows the kept alert.
 */
function useReadOnOpen(alert: AlertItem) {
  const { mutate } = useMarkAlertRead();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (alert.read || asked.current === alert.id) return;
    asked.current = alert.id;
    mutate({ id: alert.id, read: true });
  }, [alert.id, alert.read, mutate]);
}

const notice = 'rounded-lg border p-3 font-medium';

/** One alert: what it says and what to do, its state, what it rests on, and read, snooze and resolve. */
export function AlertDetail({ alert, backTo }: { alert: AlertItem; backTo: string }) {
  const { t } = useTranslation('alerts');
  const dayText = useAlertDayText();
  useReadOnOpen(alert);
  return (
    <div className="flex flex-col gap-4">
      <Link
        to={backTo}
        className="inline-flex min-h-11 items-center gap-1 self-start font-semibold text-leaf-800 underline-offset-2 hover:underline"
      >
        <span aria-hidden="true">←</span>
        {t('detail.back')}
      </Link>
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <SeverityBadge severity={alert.severity} />
          <span className="font-medium text-stone-700">{t(`category.${alert.category}`)}</span>
          <span aria-hidden="true" className="text-stone-400">
            ·
          </span>
          <span className="font-medium text-stone-700">{dayText(alert)}</span>
        </div>
        <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">{alert.title}</h1>
        <p>
          <Link to={`/fields/${alert.fieldId}`} className="font-semibold text-leaf-800 underline-offset-2 hover:underline">
            {alert.fieldName}
          </Link>
        </p>
        <AlertBadges alert={alert} />
      </header>
      {alert.simulated && <p className={`${notice} border-amber-300 bg-amber-50 text-sm text-amber-950`}>{t('detail.simulatedNotice')}</p>}
      {alert.resolvedAt && (
        <p className={`${notice} border-leaf-200 bg-leaf-50 text-leaf-900`}>
          {t('detail.resolvedNotice', { time: formatTimestamp(alert.resolvedAt) })}
        </p>
      )}
      {!alert.resolvedAt && alert.endedAt && (
        <p className={`${notice} border-leaf-200 bg-leaf-50 text-leaf-900`}>
          {t('detail.overNotice', { time: formatTimestamp(alert.endedAt) })}
        </p>
      )}
      {/* Phones: message, what to do, the buttons, then the evidence. Wide screens: the buttons beside them. */}
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-4 lg:col-start-1 lg:row-start-1">
          <Card>
            <p className="text-lg text-stone-900">{alert.message}</p>
          </Card>
          <Card title={t('detail.whatToDo')}>
            <p className="text-stone-900">{alert.action}</p>
          </Card>
        </div>
        <div className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <AlertActions alert={alert} />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <AlertEvidence evidence={alert.evidence} />
        </div>
      </div>
    </div>
  );
}
