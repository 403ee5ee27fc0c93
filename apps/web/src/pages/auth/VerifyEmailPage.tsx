import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { FormError } from '../../components/ui/form.tsx';
import { Spinner } from '../../components/ui/layout.tsx';
import { useSession } from '../../features/auth/use-session.ts';
import { api } from '../../lib/api/client.ts';
import { AuthCard } from './AuthCard.tsx';

/** The landing of the e-mailed confirmation link. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('verify.title'));
  const token = useSearchParams()[0].get('token');
  const signedIn = useSession().status === 'signed-in';
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => api.post('/api/auth/verify-email', { token }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <AuthCard title={t('verify.title')}>
      {token && result.isPending && <Spinner label={t('verify.checking')} />}
      {result.isSuccess && (
        <p role="status" className="rounded-lg bg-leaf-50 p-3 text-leaf-900">
          {t('verify.done')}
        </p>
      )}
      {(!token || result.isError) && <FormError message={t('verify.failed')} />}
      <ButtonLink to={signedIn ? '/dashboard' : '/login'} className="mt-6">
        {t('verify.continue')}
      </ButtonLink>
    </AuthCard>
  );
}
