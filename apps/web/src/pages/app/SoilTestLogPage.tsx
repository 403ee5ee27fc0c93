import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { NoFieldsYet } from '../../features/fields/components/NoFieldsYet.tsx';
import { SoilTestForm } from '../../features/soil-tests/components/SoilTestForm.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Log a soil test (/soil-tests/log), for the field in ?fieldId= or the selected field. */
export default function SoilTestLogPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('soilLog.title'));
  const [params] = useSearchParams();
  const fields = useFields();
  const selected = useSelectedFieldId(fields.data);
  const requested = params.get('fieldId');
  let content;
  if (fields.isPending) content = <Spinner label={t('states.loadingFields')} />;
  else if (fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (fields.data.length === 0) content = <NoFieldsYet />;
  else {
    const initial = fields.data.some((f) => f.id === requested) ? requested! : (selected ?? '');
    content = <SoilTestForm fields={fields.data} initialFieldId={initial} />;
  }
  return (
    <Page narrow>
      <PageHeader title={t('soilLog.title')} subtitle={t('soilLog.subtitle')} />
      {content}
    </Page>
  );
}
