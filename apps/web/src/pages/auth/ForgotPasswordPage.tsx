import { forgotPasswordSchema } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../components/ui/form.tsx';
import { useForgotPassword } from '../../features/auth/api/auth-mutations.ts';
import { failureAtTop, validate } from '../../lib/form-errors.ts';
import { useMutationForm } from '../../lib/use-mutation-form.ts';
import { AuthCard } from './AuthCard.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const [email, setEmail] = useState('');
  const request = useForgotPassword();
  const { errors, formError, busy, submit } = useMutationForm(request, ['email'], { failure: failureAtTop });
  const sent = request.isSuccess;
  const hydrated = useHydrated();

  function save(event: FormEvent) {
    event.preventDefault();
    submit(validate(forgotPasswordSchema, { email }), (data) => data);
  }

  return (
    <AuthCard title={t('forgot.title')} intro={sent ? undefined : t('forgot.intro')}>
      {sent ? (
        <p role="status" className="rounded-lg bg-leaf-50 p-3 text-leaf-900">
          {t('forgot.sent')}
        </p>
      ) : (
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          <FormError message={formError} />
          <TextInput
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" disabled={busy || !hydrated}>
            {busy ? t('forgot.submitting') : t('forgot.submit')}
          </Button>
        </form>
      )}
      <Link to="/login" className="mt-6 inline-flex min-h-11 items-center font-medium text-leaf-800 underline">
        {t('forgot.back')}
      </Link>
    </AuthCard>
  );
}
