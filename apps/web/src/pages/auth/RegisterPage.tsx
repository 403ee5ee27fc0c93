import { registerErrorMessage, registerSchema } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, SelectInput, TextInput } from '../../components/ui/form.tsx';
import { useRegister } from '../../features/auth/api/auth-mutations.ts';
import { ApiError } from '../../lib/api/client.ts';
import { blankToNull, serverFieldErrors, validate } from '../../lib/form-errors.ts';
import { auth } from '../../locales/en/auth.ts';
import { useMutationForm } from '../../lib/use-mutation-form.ts';
import { AuthCard } from './AuthCard.tsx';
import { inputBinder } from '../../lib/input-binder.ts';

const countryCodes = Object.keys(auth.countries) as (keyof typeof auth.countries)[];
const inputs = ['name', 'email', 'password', 'phone', 'country'] as const;

/** The server's problem beside each input, and the spec's text for the status (e.g. 409: "An account with this email…"). */
const failure = (error: unknown) => ({
  fields: serverFieldErrors(error),
  form: registerErrorMessage(error instanceof ApiError ? error.status : -1, error instanceof ApiError ? error.message : undefined),
});

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  // Where the person was going (an invitation's link), as the sign-in form does.
  const from = (useLocation().state as { from?: string } | null)?.from;
  const [values, setValues] = useState({ name: '', email: '', password: '', phone: '', country: 'ZW' });
  const { errors, formError, busy, submit } = useMutationForm(useRegister(), inputs, { failure });
  const hydrated = useHydrated();
  const input = inputBinder(values, errors, setValues);

  function save(event: FormEvent) {
    event.preventDefault();
    submit(
      validate(registerSchema, { ...values, phone: blankToNull(values.phone) }),
      (data) => data,
      () => navigate(from && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard', { replace: true }),
    );
  }

  return (
    <AuthCard title={t('register.title')} intro={t('register.intro')}>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <FormError message={formError} />
        <TextInput label={t('register.name')} autoComplete="name" {...input('name')} />
        <TextInput label={t('register.email')} type="email" autoComplete="email" {...input('email')} />
        <TextInput
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          {...input('password')}
        />
        <TextInput label={t('register.phone')} type="tel" autoComplete="tel" hint={t('register.phoneHint')} {...input('phone')} />
        <SelectInput label={t('register.country')} {...input('country')}>
          {countryCodes.map((code) => (
            <option key={code} value={code}>
              {t(`countries.${code}`)}
            </option>
          ))}
        </SelectInput>
        <p className="text-sm text-stone-700">
          {t('register.termsBefore')}{' '}
          <Link to="/terms" className="underline">
            {t('register.termsLink')}
          </Link>
          .
        </p>
        <Button type="submit" disabled={busy || !hydrated}>
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-stone-700">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="inline-flex min-h-11 items-center font-semibold text-leaf-800 underline">
          {t('register.signIn')}
        </Link>
      </p>
    </AuthCard>
  );
}
