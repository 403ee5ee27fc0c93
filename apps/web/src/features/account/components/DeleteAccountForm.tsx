import { deleteAccountSchema } from '@murimi/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { validate } from '../../../lib/form-errors.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { countUnsentWrites } from '../../offline/components/SignOutGuard.tsx';
import { usePeopleTexts } from '../../members/people-texts.ts';
import { api } from '../../../lib/api/client.ts';
import { forgetDeletedAccount } from '../../auth/auth-actions.ts';
import { showToast } from '../../toasts/toast-store.ts';

const deletionInputs = ['password'] as const;

/**
 * Deleting the account: what goes (who they are, their messages) and what stays (their records, with each
 * organisation), the password to confirm, and a refusal while this phone still holds writes not yet sent.
 */
export function DeleteAccountForm() {
  const { t } = usePeopleTexts();
  const [values, setValues] = useState({ password: '' });
  const [confirming, setConfirming] = useState(false);
  const [unsent, setUnsent] = useState<number | null>(0);
  // Like a password change: sent at once or failed, never kept for later, as it carries the password. The toast is
  // the mutation's own (it runs after the screen has gone): signing out leaves the settings screen at once.
  const deletion = useMutation({
    networkMode: 'always',
    gcTime: 0,
    mutationFn: (input: { password: string }) => api.post<{ message: string }>('/api/account/delete', input),
    onSuccess: () => {
      showToast(t('yourData.deleted'), { type: 'success', duration: 8000 });
      forgetDeletedAccount();
    },
  });
  const { errors, formError, busy, submit } = useMutationForm(deletion, deletionInputs);
  const input = inputBinder(values, errors, setValues);

  async function remove(event: FormEvent) {
    event.preventDefault();
    const waiting = await countUnsentWrites();
    setUnsent(waiting);
    if (waiting !== 0) return;
    // On success the session ends and the app goes to sign-in, where the toast says the account is deleted.
    submit(validate(deleteAccountSchema, values), (data) => data);
  }

  return (
    <Card title={t('yourData.deleteTitle')}>
      <div className="flex flex-col gap-3 text-stone-700">
        <p>{t('yourData.deleteWhatGoes')}</p>
        <p>{t('yourData.deleteWhatStays')}</p>
        <p>{t('yourData.deleteAlone')}</p>
        {!confirming ? (
          <div className="flex sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirming(true)} className="w-full sm:w-auto">
              {t('yourData.deleteStart')}
            </Button>
          </div>
        ) : (
          <form onSubmit={(event) => void remove(event)} noValidate className="flex flex-col gap-4">
            <FormError message={formError} />
            {unsent !== 0 && (
              <p role="alert" className="rounded-lg bg-amber-50 p-3 font-medium text-amber-900">
                {unsent === null ? t('yourData.unsentUnknown') : t('yourData.unsent', { count: unsent })}
              </p>
            )}
            <TextInput label={t('yourData.password')} type="password" autoComplete="current-password" {...input('password')} />
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
                {t('yourData.cancel')}
              </Button>
              <Button type="submit" variant="danger" disabled={busy}>
                {busy ? t('yourData.deleting') : t('yourData.deleteConfirm')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
