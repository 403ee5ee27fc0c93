import { forgotPasswordSchema } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { useHydrated } from '../../app/use-hydrated.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../components/ui/form.tsx';
import { api } from '../../lib/api/client.ts';
import { validate } from '../../lib/form-errors.ts';
import { failureAtTop, useSaveForm } from '../../lib/use-save-form.ts';
import { AuthCard } from './AuthCard.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { errors, formError, busy, save } = useSaveForm(['email'], { failure: failureAtTop });
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save(validate(forgotPasswordSchema, { email }), async (data) => {
      await api.post('/api/auth/forgot-password', data);
      setSent(true);
    });
  }

  return (
    <AuthCard title={t('forgot.title')} intro={sent ? undefined : t('forgot.intro')}>
      {sent ? (
        <p role="status" className="rounded-lg bg-leaf-50 p-3 text-leaf-900">
          {t('forgot.sent')}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
