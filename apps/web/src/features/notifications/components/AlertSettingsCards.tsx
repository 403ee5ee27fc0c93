import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/layout.tsx';
import { QueryState } from '../../../components/ui/QueryState.tsx';
import { useHashTarget } from '../../../lib/use-hash-target.ts';
import { useAlertThresholds, useNotificationSettings } from '../api/notifications.ts';
import { AlertPreferencesForm } from './AlertPreferencesForm.tsx';
import { AlertThresholdsForm } from './AlertThresholdsForm.tsx';
import { RecentSmsMessages } from './RecentSmsMessages.tsx';
import { SmsPhoneSettings } from './SmsPhoneSettings.tsx';

/**
 * Settings → "Alerts and messages" (`#alerts`, where e-mails link): the SMS number and the latest SMS to it (when the
 * server can send SMS), then the person's preferences.
 */
export function AlertMessagesCard() {
  const { t } = useTranslation('alerts');
  const settings = useNotificationSettings();
  useHashTarget('alerts', settings.data !== undefined);
  return (
    <div id="alerts" className="scroll-mt-20">
      <Card title={t('settings.title')}>
        <p className="mb-4 text-stone-700">{t('settings.intro')}</p>
        <QueryState query={settings} loadingLabel={t('settings.loading')}>
          {(data) => (
            <div className="flex flex-col gap-5">
              <SmsPhoneSettings smsPhone={data.smsPhone} smsAvailable={data.smsAvailable} />
              {data.smsAvailable && <RecentSmsMessages />}
              <div className="border-t border-stone-200 pt-5">
                <AlertPreferencesForm settings={data} />
              </div>
            </div>
          )}
        </QueryState>
      </Card>
    </div>
  );
}

/** Settings → "Alert thresholds (for your farm)": the organisation's own, for those who may change them. */
export function AlertThresholdsCard() {
  const { t } = useTranslation('alerts');
  const thresholds = useAlertThresholds();
  return (
    <div id="alert-thresholds" className="scroll-mt-20">
      <Card title={t('thresholds.title')}>
        <QueryState query={thresholds} loadingLabel={t('thresholds.loading')}>
          {(data) => <AlertThresholdsForm settings={data} />}
        </QueryState>
      </Card>
    </div>
  );
}
