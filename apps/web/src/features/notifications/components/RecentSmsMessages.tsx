import type { RecentSms } from '@murimi/core';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { useRecentSms } from '../api/notifications.ts';

/** What a status calls for: gone, on its way or for information, or worth a look (uncertain, or not sent). */
const statusTones: Record<RecentSms['status'], BadgeTone> = {
  queued: 'info',
  held: 'info',
  sending: 'info',
  sent: 'good',
  delivered: 'good',
  uncertain: 'warning',
  failed: 'warning',
  capped: 'warning',
  stopped: 'warning',
  expired: 'info',
  'not-sent': 'warning',
};

/**
 * Settings → "Recent SMS to you": the latest SMS, each with what became of it. An uncertain one says so in words:
 * the SMS service's answer was lost, so it may or may not have reached the phone.
 */
export function RecentSmsMessages() {
  const { t } = useTranslation('alerts');
  const recent = useRecentSms();
  return (
    <section aria-labelledby="recent-sms-title" className="flex flex-col gap-2">
      <h3 id="recent-sms-title" className="font-medium text-stone-800">
        {t('recentSms.title')}
      </h3>
      <QueryState query={recent} loadingLabel={t('recentSms.loading')}>
        {(messages) =>
          messages.length === 0 ? (
            <p className="text-sm text-stone-600">{t('recentSms.none')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200">
              {messages.map((message) => (
                <li key={message.id} className="flex flex-col gap-1 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-stone-900">{t(`recentSms.purposes.${message.purpose}`)}</span>
                    <Badge tone={statusTones[message.status]}>{t(`recentSms.statuses.${message.status}`)}</Badge>
                    <span className="text-sm text-stone-600">{t('recentSms.when', { time: formatTimestamp(message.createdAt) })}</span>
                  </div>
                  <p className="text-sm break-words text-stone-800">{message.body}</p>
                  {message.repeat && <p className="text-sm text-stone-600">{t('recentSms.repeat')}</p>}
                  {message.status === 'uncertain' && <p className="text-sm text-amber-900">{t('recentSms.uncertainNote')}</p>}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
