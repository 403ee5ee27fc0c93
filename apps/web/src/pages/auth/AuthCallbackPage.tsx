import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/layout.tsx';
import { startSession } from '../../features/auth/auth-actions.ts';

/**
 * Sign-in callback (spec §2.1): takes an access token handed over in the address (`#access_token=…` or
 * `?access_token=…`, e.g. from a sign-in link), sets the signed-in state and goes on to the dashboard.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.slice(1) || window.location.search);
    const token = params.get('access_token') ?? params.get('token');
    try {
      if (!token) throw new Error('no token');
      startSession({ access_token: token });
      navigate('/dashboard', { replace: true });
    } catch {
      navigate('/login', { replace: true });
    }
  }, [navigate]);
  return <Spinner label={t('callback.completing')} />;
}
