import { newPasswordSchema } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { usePageTitle } from '../../lib/page-title.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../components/ui/form.tsx';
import { useResetPassword } from '../../features/auth/api/auth-mutations.ts';
import { failureAtTop, validate } from '../../lib/form-errors.ts';
import { useMutationForm } from '../../lib/use-mutation-form.ts';
import { AuthCard } from './AuthCard.tsx';

const passwordForm = z.object({ password: newPasswordSchema });

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [password, setPassword] = useState('');
  const { errors, formError, busy, submit } = useMutationForm(useResetPassword(), ['password'], { failure: failureAtTop });

  function save(event: FormEvent) {
    event.preventDefault();
    submit(
      validate(passwordForm, { password }),
      () => ({ token, password }),
      () => navigate('/dashboard', { replace: true }),
    );
  }

  return (
    <AuthCard title={t('reset.title')}>
      {token ? (
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          <FormError message={formError} />
          <TextInput
            label={t('reset.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" disabled={busy}>
            {busy ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </form>
      ) : (
        <FormError message={t('reset.missingToken')} />
      )}
      <Link to="/forgot-password" className="mt-6 inline-flex min-h-11 items-center font-medium text-leaf-800 underline">
        {t('reset.askAgain')}
      </Link>
    </AuthCard>
  );
}
