import { newPasswordSchema } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../components/ui/form.tsx';
import { startSession } from '../../features/auth/auth-actions.ts';
import { api } from '../../lib/api/client.ts';
import { validate } from '../../lib/form-errors.ts';
import { failureAtTop, useSaveForm } from '../../lib/use-save-form.ts';
import { AuthCard } from './AuthCard.tsx';

const passwordForm = z.object({ password: newPasswordSchema });

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const [password, setPassword] = useState('');
  const { errors, formError, busy, save } = useSaveForm(['password'], { failure: failureAtTop });

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save(validate(passwordForm, { password }), async () => {
      startSession(await api.post<{ access_token: string }>('/api/auth/reset-password', { token, password }));
      navigate('/dashboard', { replace: true });
    });
  }

  return (
    <AuthCard title={t('reset.title')}>
      {token ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
