import { changePasswordSchema, profileUpdateSchema, type User } from '@murimi/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormError, SelectInput, TextInput } from '../../components/ui/form.tsx';
import { Card, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { startSession } from '../../features/auth/auth-actions.ts';
import { formatArea, setAreaUnit, useAreaUnit } from '../../features/records/area-unit.ts';
import { useFields } from '../../features/records/use-records.ts';
import { showToast } from '../../features/toasts/toast-store.ts';
import { api, apiRequest } from '../../lib/api/client.ts';
import { accountApi, queryKeys } from '../../lib/api/resources.ts';
import { blankToNull, validate } from '../../lib/form-errors.ts';
import { languages } from '../../lib/i18n.ts';
import { RadioGroup } from './components/Choice.tsx';
import { CountrySelect } from './components/CountrySelect.tsx';
import { describeError } from '../../lib/form-errors.ts';
import { LoadError, Page } from './components/States.tsx';
import { useSaveForm } from '../../lib/use-save-form.ts';
import { inputBinder } from '../../lib/input-binder.ts';

const profileInputs = ['name', 'phone', 'country'] as const;
const passwordInputs = ['currentPassword', 'newPassword'] as const;

function EmailStatus({ user }: { user: User }) {
  const { t } = useTranslation('app');
  const [state, setState] = useState<{ busy: boolean; message: string | null; failed: boolean }>({
    busy: false,
    message: null,
    failed: false,
  });
  async function resend() {
    setState({ busy: true, message: null, failed: false });
    try {
      const answer = await apiRequest<{ message?: string }>('POST', '/api/auth/resend-verification');
      setState({ busy: false, message: answer?.message ?? t('settings.resent'), failed: false });
    } catch (error) {
      setState({ busy: false, message: describeError(error), failed: true });
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium text-stone-800">{t('settings.email')}</p>
      <p className="flex flex-wrap items-center gap-2 break-all text-stone-900">
        {user.email}
        <span
          className={`rounded-full border px-2 py-0.5 text-sm font-semibold ${
            user.emailVerified ? 'border-leaf-200 bg-leaf-50 text-leaf-900' : 'border-amber-300 bg-amber-50 text-amber-900'
          }`}
        >
          {user.emailVerified ? t('settings.verified') : t('settings.notVerified')}
        </span>
      </p>
      <p className="text-sm text-stone-600">{t('settings.emailFixed')}</p>
      {!user.emailVerified && (
        <div>
          <Button variant="secondary" onClick={() => void resend()} disabled={state.busy}>
            {state.busy ? t('settings.resending') : t('settings.resend')}
          </Button>
          {state.message && (
            <p
              role={state.failed ? 'alert' : 'status'}
              className={`mt-2 text-sm ${state.failed ? 'font-medium text-red-700' : 'text-stone-700'}`}
            >
              {state.message}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('app');
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ name: user.name, phone: user.phone ?? '', country: user.country });
  const { errors, formError, busy, save } = useSaveForm(profileInputs);
  const input = inputBinder(values, errors, setValues);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name: values.name, phone: blankToNull(values.phone), country: values.country };
    await save(validate(profileUpdateSchema, body), async (data) => {
      const answer = await api.put<{ data: User }>('/api/auth/me', data);
      queryClient.setQueryData(queryKeys.me, answer.data);
      showToast(t('settings.profileSaved'), { type: 'success' });
    });
  }

  return (
    <Card title={t('settings.profile')}>
      <div className="mb-5">
        <EmailStatus user={user} />
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 border-t border-stone-200 pt-5">
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

function PasswordForm() {
  const { t } = useTranslation('app');
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const { errors, formError, busy, save } = useSaveForm(passwordInputs);
  const input = inputBinder(values, errors, setValues);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await save(validate(changePasswordSchema, values), async (data) => {
      // The change ends every older session; the answer carries this device's new one.
      startSession(await api.post<{ access_token?: string; token?: string }>('/api/auth/change-password', data));
      setValues({ currentPassword: '', newPassword: '' });
      showToast(t('settings.passwordChanged'), { type: 'success' });
    });
  }

  return (
    <Card title={t('settings.password')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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

function Units() {
  const { t } = useTranslation('app');
  const unit = useAreaUnit();
  const fields = useFields();
  const total = fields.data?.reduce((sum, field) => sum + field.size_hectares, 0);
  return (
    <Card title={t('settings.units')}>
      <RadioGroup
        legend={t('settings.areaUnit')}
        value={unit}
        onChange={setAreaUnit}
        options={[
          { value: 'ha', label: t('settings.hectares') },
          { value: 'ac', label: t('settings.acres') },
        ]}
      />
      <p className="mt-3 rounded-lg bg-stone-100 p-3 text-stone-900" aria-live="polite">
        {total !== undefined && fields.data?.length
          ? t('settings.unitPreview', { area: formatArea(total, unit), count: fields.data.length })
          : t('settings.unitExample', { area: formatArea(1, unit, 2) })}
      </p>
      <p className="mt-2 text-sm text-stone-600">{t('settings.unitNote')}</p>
    </Card>
  );
}

function Language() {
  const { t, i18n } = useTranslation('app');
  return (
    <Card title={t('settings.language')}>
      <SelectInput
        label={t('settings.languageLabel')}
        hint={t('settings.languageHint')}
        value={i18n.language}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.name}
          </option>
        ))}
      </SelectInput>
    </Card>
  );
}

/** Settings: profile and e-mail, password, area unit and language. */
export default function SettingsPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('settings.title'));
  const me = useQuery({ queryKey: queryKeys.me, queryFn: accountApi.me });
  let profile;
  if (me.isPending) profile = <Spinner label={t('states.loadingProfile')} />;
  else if (me.isError) profile = <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  else profile = <ProfileForm key={me.data.id} user={me.data} />;
  return (
    <Page narrow>
      <PageHeader title={t('settings.title')} />
      <div className="flex flex-col gap-6">
        {profile}
        <PasswordForm />
        <Units />
        <Language />
      </div>
    </Page>
  );
}
