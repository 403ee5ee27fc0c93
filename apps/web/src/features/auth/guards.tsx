import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/layout.tsx';
import { useSession } from './use-session.ts';

/** Protected screens: a spinner until the session is restored, then /login remembering where the person was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const state = useSession();
  const location = useLocation();
  if (state.status === 'initialising') return <Spinner label={t('loading')} />;
  if (state.status === 'signed-out') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}

/** /login and /register send a signed-in person to the dashboard (or back to where they were going). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const state = useSession();
  const location = useLocation();
  if (state.status === 'signed-in') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from.startsWith('/') ? from : '/dashboard'} replace />;
  }
  return children;
}
