import { loginErrorMessage, loginSchema } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { useHydrated } from '../../app/use-hydrated.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../components/ui/form.tsx';
import { logIn } from '../../features/auth/auth-actions.ts';
import { ApiError } from '../../lib/api/client.ts';
import { validate } from '../../lib/form-errors.ts';
import { useSaveForm } from '../../lib/use-save-form.ts';
import { AuthCard } from './AuthCard.tsx';

/** The sign-in texts of the spec for a failed sign-in (e.g. 401: "Invalid email or password…"). */
const failure = (error: unknown) => ({
  fields: {},
  form:
    error instanceof ApiError
      ? loginErrorMessage(error.status, error.message)
      : error instanceof Error
        ? error.message
        : loginErrorMessage(-1),
});

export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [values, setValues] = useState({ email: '', password: '' });
  const { errors, formError, busy, save } = useSaveForm(['email', 'password'], { failure });
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save(validate(loginSchema, values), async (data) => {
      await logIn(data);
      navigate(from && from.startsWith('/') ? from : '/dashboard', { replace: true });
    });
  }

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
        <TextInput
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-2 text-center">
        <Link to="/forgot-password" className="inline-flex min-h-11 items-center justify-center font-medium text-leaf-800 underline">
          {t('login.forgot')}
        </Link>
        <p className="text-stone-700">
          {t('login.noAccount')}{' '}
          <Link to="/register" className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
            {t('login.register')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
