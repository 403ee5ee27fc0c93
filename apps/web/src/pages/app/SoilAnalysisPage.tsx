import { useTranslation } from 'react-i18next';
import { Page, PageHeader, Spinner } from '../../components/ui/layout.tsx';
import { LoadError } from '../../components/ui/QueryState.tsx';
import { selectField, useSelectedFieldId } from '../../features/field-selection/field-selection.ts';
import { useFields } from '../../features/fields/api/fields.ts';
import { FieldSelect } from '../../features/fields/components/FieldSelect.tsx';
import { NoFieldsYet } from '../../features/fields/components/NoFieldsYet.tsx';
import { FieldSoilHealth } from '../../features/soil-health/components/FieldSoilHealth.tsx';
import { SoilRatingLegend } from '../../features/soil-tests/components/SoilRatings.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Soil Analysis (/soil-analysis, "Soil Health" on phones): the chosen field's latest soil test against the guide bands, and its tests over time. */
export default function SoilAnalysisPage() {
  const { t } = useTranslation('app');
  usePageTitle(t('soilAnalysis.title'));
  const fields = useFields();
  const selectedId = useSelectedFieldId(fields.data);
  const list = [...(fields.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const field = list.find((candidate) => candidate.id === selectedId);

  let content;
  if (fields.isPending) content = <Spinner label={t('states.loadingFields')} />;
  else if (fields.isError) content = <LoadError error={fields.error} onRetry={() => void fields.refetch()} />;
  else if (list.length === 0) content = <NoFieldsYet />;
  else
    content = (
      <>
        <div className="mb-4 max-w-md">
          <FieldSelect
            label={t('soilHealth.fieldLabel')}
            fields={list}
            value={field?.id ?? ''}
            onChange={(id) => selectField(id || null)}
          />
        </div>
        {field ? <FieldSoilHealth key={field.id} field={field} /> : <Spinner label={t('states.loadingField')} />}
        <div className="mt-6">
          <SoilRatingLegend />
        </div>
      </>
    );

  return (
    <Page>
      <PageHeader title={t('soilAnalysis.title')} subtitle={t('soilHealth.subtitle')} />
      {content}
    </Page>
  );
}
