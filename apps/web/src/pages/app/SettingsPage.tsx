import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../components/ui/Choice.tsx';
import { SelectInput } from '../../components/ui/form.tsx';
import { Card, Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useMe } from '../../features/account/api/account.ts';
import { PasswordForm } from '../../features/account/components/PasswordForm.tsx';
import { ProfileForm } from '../../features/account/components/ProfileForm.tsx';
import { DeleteAccountForm } from '../../features/account/components/DeleteAccountForm.tsx';
import { YourDataCard } from '../../features/account/components/YourData.tsx';
import { FieldPacksSettings } from '../../features/field-packs/components/FieldPacksSettings.tsx';
import { AlertMessagesCard, AlertThresholdsCard } from '../../features/notifications/components/AlertSettingsCards.tsx';
import { useFields } from '../../features/fields/api/fields.ts';
import { formatArea, setAreaUnit, useAreaUnit } from '../../lib/area-unit.ts';
import { languages } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';

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

/**
 * Settings: profile and e-mail, password, area unit, language, alerts and messages (`#alerts`), the farm's alert
 * thresholds, the offline field packs on this device, and the person's own data: its download and the account's deletion.
 */
export default function SettingsPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('settings.title'));
  const me = useMe();
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
        <AlertMessagesCard />
        <AlertThresholdsCard />
        <div id="field-packs">
          <Card title={t('fieldPacks.listTitle')}>
            <FieldPacksSettings />
          </Card>
        </div>
        <YourDataCard />
        <DeleteAccountForm />
      </div>
    </Page>
  );
}
