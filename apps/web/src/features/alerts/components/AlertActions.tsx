import type { AlertItem } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { formatShortMoment } from '../../../lib/format.ts';
import { describeError } from '../../../lib/form-errors.ts';
import { deviceTimeZone } from '../../../lib/time-zone.ts';
import { notificationSettingsQuery } from '../../notifications/api/notifications.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useMarkAlertRead, useResolveAlert, useSnoozeAlert } from '../api/alerts.ts';
import { snoozeChoices, snoozeUntil, type SnoozeChoice } from '../snooze.ts';

type Action = 'read' | 'snooze' | 'resolve';

/**
 * Mark as read or unread, snooze, resolve or reopen. Each needs the network: offline (or when the server refuses) the
 * reason shows under the buttons, in the app's usual words. A snooze ends in the person's own time zone (their
 * alert settings), or this device's until those are known.
 */
export function AlertActions({ alert }: { alert: AlertItem }) {
  const { t } = useTranslation('alerts');
  const read = useMarkAlertRead();
  const snooze = useSnoozeAlert();
  const resolve = useResolveAlert();
  const timeZone = useQuery(notificationSettingsQuery()).data?.preferences.timeZone ?? deviceTimeZone();
  const [last, setLast] = useState<Action | null>(null);
  const mutations = { read, snooze, resolve };
  const busy = read.isPending || snooze.isPending || resolve.isPending;
  const failure = last ? mutations[last].error : null;

  const start = (action: Action) => {
    for (const mutation of Object.values(mutations)) mutation.reset();
    setLast(action);
  };
  const toggleRead = () => {
    start('read');
    read.mutate(
      { id: alert.id, read: !alert.read },
      { onSuccess: (answer) => showToast(t(answer.read ? 'actions.done.read' : 'actions.done.unread'), { type: 'success' }) },
    );
  };
  const snoozeFor = (choice: SnoozeChoice) => {
    start('snooze');
    snooze.mutate(
      { id: alert.id, until: snoozeUntil(choice, new Date(), timeZone) },
      {
        onSuccess: (answer) =>
          showToast(t('actions.done.snoozed', { time: formatShortMoment(answer.snoozedUntil ?? '') }), { type: 'success' }),
      },
    );
  };
  const toggleResolved = () => {
    start('resolve');
    resolve.mutate(
      { id: alert.id, resolved: !alert.resolvedAt },
      { onSuccess: (answer) => showToast(t(answer.resolvedAt ? 'actions.done.resolved' : 'actions.done.reopened'), { type: 'success' }) },
    );
  };

  return (
    <Card title={t('actions.title')}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button variant={alert.resolvedAt ? 'secondary' : 'primary'} disabled={busy} onClick={toggleResolved}>
            {alert.resolvedAt ? t('actions.reopen') : t('actions.resolve')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={toggleRead}>
            {alert.read ? t('actions.markUnread') : t('actions.markRead')}
          </Button>
        </div>
        {!alert.resolvedAt && <p className="text-sm text-stone-600">{t('actions.resolveHint')}</p>}
        {!alert.resolvedAt && (
          <fieldset className="border-t border-stone-200 pt-4">
            <legend className="float-left mb-2 w-full font-medium text-stone-800">{t('actions.snooze')}</legend>
            <div className="clear-left flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {snoozeChoices.map((choice) => (
                <Button key={choice} variant="secondary" disabled={busy} onClick={() => snoozeFor(choice)}>
                  {t(`actions.snoozeChoices.${choice}`)}
                </Button>
              ))}
            </div>
            <p className="mt-2 text-sm text-stone-600">{t('actions.snoozeHint')}</p>
          </fieldset>
        )}
        {failure && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800">
            {describeError(failure)}
          </p>
        )}
      </div>
    </Card>
  );
}
