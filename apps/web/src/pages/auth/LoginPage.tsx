import { loginErrorMessage, loginSchema, MISSING_TOKEN_MESSAGE } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../components/ui/form.tsx';
import { useLogIn } from '../../features/auth/api/auth-mutations.ts';
import { ApiError } from '../../lib/api/client.ts';
import { validate } from '../../lib/form-errors.ts';
import { useMutationForm } from '../../lib/use-mutation-form.ts';
import { AuthCard } from './AuthCard.tsx';

/** The sign-in texts of the spec for a failed sign-in (e.g. 401: "Invalid email or password…"). */
const failure = (error: unknown) => ({
  fields: {},
  form:
    error instanceof ApiError
      ? loginErrorMessage(error.status, error.message)
      : error instanceof Error && error.message === MISSING_TOKEN_MESSAGE
        ? MISSING_TOKEN_MESSAGE
        : loginErrorMessage(-1),
});

export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [values, setValues] = useState({ email: '', password: '' });
  const { errors, formError, busy, submit } = useMutationForm(useLogIn(), ['email', 'password'], { failure });
  const hydrated = useHydrated();

  function save(event: FormEvent) {
    event.preventDefault();
    submit(
      validate(loginSchema, values),
      (data) => data,
      () => navigate(from && from.startsWith('/') ? from : '/dashboard', { replace: true }),
    );
  }

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
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
          <Link
            to="/register"
            state={from ? { from } : undefined}
            className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline"
          >
            {t('login.register')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
