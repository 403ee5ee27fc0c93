import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/layout.tsx';

/** A records screen before any field exists: the records belong to a field, so first a way to set one up. */
export function NoFieldsYet() {
  const { t } = useTranslation('app');
  return (
    <EmptyState
      title={t('records.noFieldsTitle')}
      message={t('records.noFields')}
      action={<ButtonLink to="/create-farm-field">{t('actions.fieldSetup')}</ButtonLink>}
    />
  );
}
