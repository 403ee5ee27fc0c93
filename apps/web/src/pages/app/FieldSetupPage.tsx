import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page, PageHeader } from '../../components/ui/layout.tsx';
import { FieldSetupForm } from '../../features/fields/components/FieldSetupForm.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Field Setup: pick or create a farm, describe the field and give its boundary, in one form (spec §2.2). */
export default function FieldSetupPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('setup.title'));
  const [params] = useSearchParams();
  return (
    <Page narrow>
      <PageHeader title={t('setup.title')} subtitle={t('setup.subtitle')} />
      <p className="mb-4 text-stone-700">
        {t('setup.manyFields')}{' '}
        <Link to="/fields/import" className="font-semibold text-leaf-800 underline">
          {t('import.link')}
        </Link>
      </p>
      <FieldSetupForm initialFarmId={params.get('farmId') ?? ''} />
    </Page>
  );
}
