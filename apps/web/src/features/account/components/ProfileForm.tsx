import { profileUpdateSchema, type User } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { CountrySelect } from '../../../components/ui/CountrySelect.tsx';
import { FormError, TextInput } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { blankToNull, describeError, validate } from '../../../lib/form-errors.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useResendVerification, useUpdateProfile } from '../api/account.ts';

const profileInputs = ['name', 'phone', 'country'] as const;

/** The e-mail address (fixed) and whether it is confirmed, with a way to send the confirmation link again. */
function EmailStatus({ user }: { user: User }) {
  const { t } = useTranslation('app');
  const resend = useResendVerification();
  const message = resend.isError ? describeError(resend.error) : resend.isSuccess ? (resend.data?.message ?? t('settings.resent')) : null;
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium text-stone-800">{t('settings.email')}</p>
      <p className="flex flex-wrap items-center gap-2 break-all text-stone-900">
        {user.email}
        <Badge tone={user.emailVerified ? 'good' : 'warning'}>
          {user.emailVerified ? t('settings.verified') : t('settings.notVerified')}
        </Badge>
      </p>
      <p className="text-sm text-stone-600">{t('settings.emailFixed')}</p>
      {!user.emailVerified && (
        <div>
          <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? t('settings.resending') : t('settings.resend')}
          </Button>
          {message && (
            <p
              role={resend.isError ? 'alert' : 'status'}
              className={`mt-2 text-sm ${resend.isError ? 'font-medium text-red-700' : 'text-stone-700'}`}
            >
              {message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The person's name, phone and country, with the e-mail address above them. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('app');
  const [values, setValues] = useState({ name: user.name, phone: user.phone ?? '', country: user.country });
  const { errors, formError, busy, submit } = useMutationForm(useUpdateProfile(), profileInputs);
  const input = inputBinder(values, errors, setValues);

  function save(event: FormEvent) {
    event.preventDefault();
    const body = { name: values.name, phone: blankToNull(values.phone), country: values.country };
    submit(
      validate(profileUpdateSchema, body),
      (data) => data,
      () => showToast(t('settings.profileSaved'), { type: 'success' }),
    );
  }

  return (
    <Card title={t('settings.profile')}>
      <div className="mb-5">
        <EmailStatus user={user} />
      </div>
      <form onSubmit={save} noValidate className="flex flex-col gap-4 border-t border-stone-200 pt-5">
        <FormError message={formError} />
        <TextInput label={t('settings.name')} autoComplete="name" {...input('name')} />
        <TextInput label={t('settings.phone')} hint={t('settings.phoneHint')} type="tel" autoComplete="tel" {...input('phone')} />
        <CountrySelect label={t('settings.country')} {...input('country')} />
        <div className="flex sm:justify-end">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? t('actions.saving') : t('settings.saveProfile')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
