import { changePasswordSchema } from '@murimi/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { validate } from '../../../lib/form-errors.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { showToast } from '../../toasts/toast-store.ts';
import { useChangePassword } from '../api/account.ts';

const passwordInputs = ['currentPassword', 'newPassword'] as const;

/** Changing the password: this device stays signed in with a new session, every other one is signed out. */
export function PasswordForm() {
  const { t } = useTranslation('app');
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const { errors, formError, busy, submit } = useMutationForm(useChangePassword(), passwordInputs);
  const input = inputBinder(values, errors, setValues);

  function save(event: FormEvent) {
    event.preventDefault();
    submit(
      validate(changePasswordSchema, values),
      (data) => data,
      () => {
        setValues({ currentPassword: '', newPassword: '' });
        showToast(t('settings.passwordChanged'), { type: 'success' });
      },
    );
  }

  return (
    <Card title={t('settings.password')}>
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <p className="text-stone-700">{t('settings.passwordIntro')}</p>
        <FormError message={formError} />
        <TextInput label={t('settings.currentPassword')} type="password" autoComplete="current-password" {...input('currentPassword')} />
        <TextInput
          label={t('settings.newPassword')}
          hint={t('settings.newPasswordHint')}
          type="password"
          autoComplete="new-password"
          {...input('newPassword')}
        />
        <div className="flex sm:justify-end">
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? t('actions.saving') : t('settings.changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
