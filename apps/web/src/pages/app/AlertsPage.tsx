import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/layout.tsx';
import { AlertsBrowser } from '../../features/alerts/components/AlertsBrowser.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Alerts (/alerts): the farm's alerts by field, type, severity and state, newest first. */
export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  usePageTitle(t('title'));
  return (
    <Page>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AlertsBrowser />
    </Page>
  );
}
