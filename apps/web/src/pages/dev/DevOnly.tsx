import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/layout.tsx';
import { publicConfigQuery } from '../../lib/api/public-config.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { useDevTexts } from '../../features/dev-pages/dev-texts.ts';

/** A developer page (spec §2.3): shown only when the server runs with `DEV_PAGES=1`, else the not-found screen. */
export function DevOnly({ children }: { children: ReactNode }) {
  const { t } = useDevTexts();
  const config = useQuery(publicConfigQuery());
  if (config.isPending) return <Spinner label={t('loading')} />;
  return config.data?.features.devPages ? children : <NotFoundPage />;
}
