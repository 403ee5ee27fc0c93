import { useTranslation } from 'react-i18next';
import { useConnection } from '../../features/connection/use-connection.ts';

/** Offline and slow-connection banners on protected screens (spec §2.4). */
export function ConnectionBanners() {
  const { t } = useTranslation();
  const connection = useConnection();
  if (connection === 'online') return null;
  return (
    <p
      role="status"
      className={`px-4 py-2 text-center text-sm font-medium ${connection === 'offline' ? 'bg-amber-100 text-amber-950' : 'bg-sky-100 text-sky-950'}`}
    >
      {connection === 'offline' ? t('banners.offline') : t('banners.slow')}
    </p>
  );
}
