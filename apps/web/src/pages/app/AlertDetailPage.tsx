import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { MissingRecord } from '../../components/ui/layout.tsx';
import { RecordDetail } from '../../components/ui/QueryState.tsx';
import { useAlert } from '../../features/alerts/api/alerts.ts';
import { AlertDetail } from '../../features/alerts/components/AlertDetail.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Where "All alerts" goes: the filtered list the alert was opened from, else every open alert. */
function listOpenedFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/alerts') ? from : '/alerts';
}

/** One alert (/alerts/:alertId): linkable from e-mails and SMS; opening it marks it read. */
export default function AlertDetailPage() {
  const { t } = useTranslation('alerts');
  const { alertId = '' } = useParams();
  const backTo = listOpenedFrom(useLocation().state);
  const alert = useAlert(alertId);
  usePageTitle(alert.data?.title ?? t('detail.title'));
  return (
    <RecordDetail
      query={alert}
      title={t('detail.title')}
      loadingLabel={t('loading')}
      missing={
        <MissingRecord
          title={t('detail.notFoundTitle')}
          message={t('detail.notFound')}
          action={<ButtonLink to="/alerts">{t('detail.back')}</ButtonLink>}
        />
      }
    >
      {(data) => <AlertDetail alert={data} backTo={backTo} />}
    </RecordDetail>
  );
}
