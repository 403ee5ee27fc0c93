import { useTranslation } from 'react-i18next';
import { Page, PageHeader } from '../../components/ui/layout.tsx';
import { ImportFields } from '../../features/fields/components/ImportFields.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Import fields from a boundary file (/fields/import): review the drafts, then save the ones kept. */
export default function ImportFieldsPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('import.title'));
  return (
    <Page>
      <PageHeader title={t('import.title')} subtitle={t('import.subtitle')} />
      <ImportFields />
    </Page>
  );
}
