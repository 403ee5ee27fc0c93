import { useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Card, Facts, Page, PageHeader } from '../../components/ui/layout.tsx';
import { healthMonitor } from '../../features/connection/use-connection.ts';
import { DevOnly } from './DevOnly.tsx';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';
import { formatTimestamp } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';

function HealthStatus() {
  const { t } = useDevTexts();
  usePageTitle(t('healthStatus.title'));
  const status = useSyncExternalStore(
    (listener) => healthMonitor.subscribe(listener),
    () => healthMonitor.status,
  );
  return (
    <Page narrow>
      <PageHeader title={t('healthStatus.title')} subtitle={t('healthStatus.subtitle')} />
      <Card>
        <p className={`text-xl font-bold ${status.connected ? 'text-green-800' : 'text-red-800'}`}>
          {status.connected ? t('healthStatus.connected') : t('healthStatus.disconnected')}
        </p>
        <div className="mt-3">
          <Facts
            items={[
              {
                label: t('healthStatus.lastCheck'),
                value: status.lastCheck === null ? t('healthStatus.never') : formatTimestamp(new Date(status.lastCheck).toISOString()),
              },
              {
                label: t('healthStatus.responseTime'),
                value: status.responseTime === null ? '—' : t('healthStatus.responseMs', { value: Math.round(status.responseTime) }),
              },
              { label: t('healthStatus.failures'), value: String(status.consecutiveFailures) },
              { label: t('healthStatus.uptime'), value: t('healthStatus.uptimePercent', { value: healthMonitor.uptime }) },
              { label: t('healthStatus.error'), value: status.error ?? t('healthStatus.none') },
            ]}
          />
        </div>
        <Button className="mt-3" variant="secondary" onClick={() => void healthMonitor.checkNow()}>
          {t('healthStatus.checkNow')}
        </Button>
      </Card>
    </Page>
  );
}

/** `/test-health-status` (spec §2.3): the connection health monitor's state. */
export default function HealthStatusPage() {
  return (
    <DevOnly>
      <HealthStatus />
    </DevOnly>
  );
}
