import { deleteAccountSchema } from '@murimi/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';
import { FormError, TextInput } from '../../../components/ui/form.tsx';
import { Card } from '../../../components/ui/layout.tsx';
import { describeError, validate } from '../../../lib/form-errors.ts';
import { inputBinder } from '../../../lib/input-binder.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useMutationForm } from '../../../lib/use-mutation-form.ts';
import { countUnsentWrites } from '../../offline/components/SignOutGuard.tsx';
import { downloadMyData, useDeleteAccount } from '../api/account.ts';

/** A download button with its busy and failed states; a download is not a write, so nothing is kept for later. */
export function DownloadButton({ label, download }: { label: string; download: () => Promise<{ blob: Blob; fileName: string }> }) {
  const { t } = useTranslation('app');
  const saving = useMutation({ mutationKey: ['account', 'download', label], mutationFn: download, onSuccess: saveFile });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex sm:justify-end">
        <Button variant="secondary" disabled={saving.isPending} onClick={() => saving.mutate()} className="w-full sm:w-auto">
          {saving.isPending ? t('yourData.preparing') : label}
        </Button>
      </div>
      {saving.isError && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('yourData.downloadFailed', { message: describeError(saving.error) })}
        </p>
      )}
    </div>
  );
}

/** The person's own data to take away: their profile, organisations and every record they wrote. */
export function YourDataCard() {
  const { t } = useTranslation('app');
  return (
    <Card title={t('yourData.title')}>
      <div className="flex flex-col gap-3">
        <p className="text-stone-700">{t('yourData.intro')}</p>
        <DownloadButton label={t('yourData.download')} download={downloadMyData} />
      </div>
    </Card>
  );
}

const deletionInputs = ['password'] as const;

/**
 * Deleting the account: what goes (who they are, their messages) and what stays (their records, with each
 * organisation), the password to confirm, and a refusal while this phone still holds writes not yet sent.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation('app');
  const [values, setValues] = useState({ password: '' });
  const [confirming, setConfirming] = useState(false);
  const [unsent, setUnsent] = useState<number | null>(0);
  const { errors, formError, busy, submit } = useMutationForm(useDeleteAccount(), deletionInputs);
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
                {t('actions.cancel')}
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
